import { type FormEvent, useRef, useState } from 'react';
import { useLogin } from '../generated/hooks.js';
import { messagesFor } from './field-errors.js';
import { setToken } from './session.js';
import { TextField } from './TextField.js';

const FIELDS = ['username', 'password'] as const;

export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useLogin({
    onSuccess: (data) => setToken(data.token),
    onError: (error) => {
      // Focus the first field that failed, in form order.
      const errors = messagesFor(error, FIELDS);
      if (errors.username) usernameRef.current?.focus();
      else if (errors.password) passwordRef.current?.focus();
    },
  });
  const errors = login.error ? messagesFor(login.error, FIELDS) : {};
  const otherError = login.error && Object.keys(errors).length === 0 ? login.error.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username, password });
  };

  return (
    // noValidate: validation comes from the generated client's schema, not the browser.
    <form className="card" onSubmit={submit} aria-labelledby="login-title" noValidate>
      <h2 id="login-title">Log in</h2>
      <TextField id="login-username" label="Username" autoComplete="username" value={username} error={errors.username} ref={usernameRef} onChange={(e) => setUsername(e.target.value)} />
      <TextField id="login-password" label="Password" type="password" autoComplete="current-password" value={password} error={errors.password} ref={passwordRef} onChange={(e) => setPassword(e.target.value)} />
      {otherError ? (
        <p className="form-error" role="alert">
          {otherError}
        </p>
      ) : null}
      <button type="submit" disabled={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
