import { type FormEvent, useRef, useState } from 'react';
import type { ContactRequest } from '../generated/schema-types.js';
import { ApiError } from '../generated/client.js';
import { useContact } from '../generated/hooks.js';
import { messagesFor } from './field-errors.js';
import { setToken } from './session.js';
import { TextField } from './TextField.js';

type Method = ContactRequest['method'];
/** The fields that show messages (seed: issues of other fields are ignored). */
const FIELDS = ['email', 'phone'] as const;

export function ContactForm() {
  const [method, setMethod] = useState<Method>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const contact = useContact({
    onError: (error) => {
      // A 401 (the spec's declared body, typed by ContactErrors): the session is gone, log in again.
      // The hook's error can also be the client's ValidationError (nothing was sent): not an ApiError.
      if (error instanceof ApiError && error.is(401)) {
        setToken('');
        return;
      }
      // Focus the first field that failed, in form order.
      const errors = messagesFor(error, FIELDS);
      if (errors.email) emailRef.current?.focus();
      else if (errors.phone) phoneRef.current?.focus();
    },
  });
  const errors = contact.error ? messagesFor(contact.error, FIELDS) : {};
  const otherError = contact.error && Object.keys(errors).length === 0 ? contact.error.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ContactRequest = method === 'email' ? { method, email, message } : { method, phone, message };
    contact.mutate(body);
  };

  const choose = (next: Method) => {
    setMethod(next);
    contact.reset();
  };

  return (
    // noValidate: the generated client's schema validates (with the rule's own messages); the
    // browser's built-in check would block the submit on the empty message and hide them.
    <form className="card" onSubmit={submit} aria-labelledby="contact-title" noValidate>
      <h2 id="contact-title">Contact us</h2>
      <fieldset>
        <legend>How should we reach you?</legend>
        {(['email', 'phone'] as const).map((option) => (
          <label key={option} className="choice">
            <input type="radio" name="method" value={option} checked={method === option} onChange={() => choose(option)} />
            {option === 'email' ? 'By e-mail' : 'By phone'}
          </label>
        ))}
      </fieldset>
      {method === 'email' ? (
        <TextField id="contact-email" label="E-mail address" inputMode="email" autoComplete="email" value={email} error={errors.email} ref={emailRef} onChange={(e) => setEmail(e.target.value)} />
      ) : (
        <TextField id="contact-phone" label="Phone number" type="tel" autoComplete="tel" value={phone} error={errors.phone} ref={phoneRef} onChange={(e) => setPhone(e.target.value)} />
      )}
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" required rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      {otherError ? (
        <p className="form-error" role="alert">
          {otherError}
        </p>
      ) : null}
      <button type="submit" disabled={contact.isPending}>
        {contact.isPending ? 'Sending…' : 'Send'}
      </button>
      {contact.isSuccess ? (
        <p className="success" role="status">
          Message accepted. We will reach you by {contact.data.method === 'email' ? 'e-mail' : 'phone'} ({contact.data.method}).
        </p>
      ) : null}
    </form>
  );
}
