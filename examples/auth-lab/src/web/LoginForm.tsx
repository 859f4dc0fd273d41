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
  const login = useLogin({
    onSuccess: (data) => setToken(data.token),
    onError: (error) => {
      if (messagesFor(error, FIELDS).username) usernameRef.current?.focus();
    },
  });
  const errors = login.error ? messagesFor(login.error, FIELDS) : {};
  const otherError = login.error && Object.keys(errors).length === 0 ? login.error.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username, password });
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="login-title">
      <h2 id="login-title">Log in</h2>
      <TextField id="login-username" label="Username" autoComplete="username" value={username} error={errors.username} ref={usernameRef} onChange={(e) => setUsername(e.target.value)} />
      <TextField id="login-password" label="Password" type="password" autoComplete="current-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
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
