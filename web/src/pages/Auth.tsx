import { useState, type FormEvent, type ReactNode } from 'react';
import { api, ApiError, type Session } from '../api';
import { Link } from '../components/Link';
import { ErrorNotice, Field, PageHeader, useFocusOnFailure } from '../components/ui';

function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <div className="auth-brand">
        <Logo />
        <div>
          <p className="auth-product">Card Collection Service</p>
          <p className="auth-sub">Developer portal</p>
        </div>
      </div>
      <main id="main" className="auth-card">
        {children}
      </main>
      <p className="auth-footer">
        API keys, usage and webhooks for the Card Collection API. <a href="/docs">API reference</a>
      </p>
    </div>
  );
}

export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="5" y="3" width="18" height="24" rx="3" className="logo-back" />
      <rect x="9" y="6" width="18" height="24" rx="3" className="logo-front" />
      <path d="M13.5 14h9M13.5 18h9M13.5 22h5.5" className="logo-lines" />
    </svg>
  );
}

/** Keeps `?next=` on the way between sign-in and sign-up. */
function withQuery(path: string): string {
  return path + window.location.search;
}

export function SignInPage({ signupEnabled, onSignedIn }: { signupEnabled: boolean; onSignedIn: (s: Session) => void }) {
  const continuing = new URLSearchParams(window.location.search).has('next');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const { formRef, failed } = useFocusOnFailure();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await api.signIn(login, password);
      onSignedIn(data);
    } catch (err) {
      setError(err);
      setPassword('');
      failed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <PageHeader title="Sign in" />
      {continuing && <p className="auth-context muted">Sign in to continue to the application that sent you here.</p>}
      <form ref={formRef} onSubmit={submit} noValidate className="stack">
        <ErrorNotice error={error} title={error instanceof ApiError && error.status === 429 ? 'Too many attempts' : 'Could not sign in'} />
        <Field
          label="Username"
          name="login"
          autoComplete="username"
          required
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          hint="Your e-mail address works too."
        />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className="button button-primary button-block" disabled={busy || !login || !password}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {signupEnabled ? (
        <p className="auth-switch">
          New here? <Link to={withQuery('/sign-up')}>Create an account</Link>
        </p>
      ) : (
        <p className="auth-switch muted">Accounts on this server are created by an operator.</p>
      )}
    </AuthLayout>
  );
}

export function SignUpPage({ signupEnabled, onSignedIn }: { signupEnabled: boolean; onSignedIn: (s: Session) => void }) {
  const [form, setForm] = useState({ username: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<unknown>();
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const [missing, setMissing] = useState<Partial<Record<'username' | 'email' | 'password', string>>>({});
  const { formRef, failed } = useFocusOnFailure();
  const fieldError = (name: 'username' | 'email' | 'password') => missing[name] ?? (error instanceof ApiError ? error.field(name) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Empty fields are named here, in plain words, before anything is sent.
    const blank = {
      ...(form.username.trim() ? {} : { username: 'Enter a username.' }),
      ...(form.email.trim() ? {} : { email: 'Enter your e-mail address.' }),
      ...(form.password ? {} : { password: 'Enter a password.' }),
    };
    setMissing(blank);
    if (Object.keys(blank).length > 0) {
      setError(undefined);
      failed();
      return;
    }
    if (form.password !== form.confirm) {
      // The server's errors were about what was sent then; the fields may be right by now.
      setError(undefined);
      setMismatch(true);
      failed();
      return;
    }
    setMismatch(false);
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await api.signUp(form.username.trim(), form.email.trim(), form.password);
      onSignedIn(data);
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (!signupEnabled) {
    return (
      <AuthLayout>
        <PageHeader title="Sign-up is turned off" />
        <p>This server does not accept new accounts. Ask an operator to create one for you.</p>
        <p className="auth-switch">
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  const validation = (error instanceof ApiError && error.code === 'validation_failed') || Object.keys(missing).length > 0;
  return (
    <AuthLayout>
      <PageHeader title="Create your account" />
      <form ref={formRef} onSubmit={submit} noValidate className="stack">
        {error !== undefined && !validation && <ErrorNotice error={error} title="Could not create the account" />}
        {validation && (
          <div className="notice notice-danger" role="alert">
            <p className="notice-title">Please correct the highlighted fields.</p>
          </div>
        )}
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={form.username}
          onChange={set('username')}
          hint="3 to 32 letters, digits, “_” or “-”."
          error={fieldError('username')}
        />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required value={form.email} onChange={set('email')} error={fieldError('email')} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          hint="At least 10 characters."
          error={fieldError('password')}
        />
        <Field
          label="Repeat password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onChange={set('confirm')}
          error={mismatch ? 'The passwords do not match.' : undefined}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to={withQuery('/sign-in')}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}
