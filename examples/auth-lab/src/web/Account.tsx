import { useQueryClient } from '@tanstack/react-query';
import { useGetMe } from '../generated/hooks.js';
import { ContactForm } from './ContactForm.js';
import { setToken } from './session.js';

export function Account() {
  const queryClient = useQueryClient();
  const me = useGetMe();

  const logOut = () => {
    setToken('');
    queryClient.clear();
  };

  return (
    <>
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        {me.isPending ? <p>Loading your profile…</p> : null}
        {me.isError ? (
          <p className="form-error" role="alert">
            Could not load your profile ({me.error.status}).
          </p>
        ) : null}
        {me.data ? (
          <dl className="profile">
            <dt>Name</dt>
            <dd data-testid="user-name">{me.data.name}</dd>
            <dt>User id</dt>
            <dd data-testid="user-id">{me.data.id}</dd>
          </dl>
        ) : null}
        <button type="button" onClick={logOut}>
          Log out
        </button>
      </section>
      <ContactForm />
    </>
  );
}
