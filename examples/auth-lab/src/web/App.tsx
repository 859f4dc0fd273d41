import { Account } from './Account.js';
import { LoginForm } from './LoginForm.js';
import { useToken } from './session.js';

export function App() {
  const token = useToken();
  return (
    <main>
      <h1>Auth Lab</h1>
      {token ? <Account /> : <LoginForm />}
    </main>
  );
}
