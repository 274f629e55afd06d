import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { api, ApiError, onSessionLost, setCsrfToken, type Session } from './api';
import { Link } from './components/Link';
import { ErrorNotice, Spinner, ToastProvider, useLoad, useToast } from './components/ui';
import { Logo, SignInPage, SignUpPage } from './pages/Auth';
import { AuthorizedAppsPage } from './pages/AuthorizedApps';
import { ExportsPage } from './pages/Exports';
import { ImportPage } from './pages/Import';
import { KeysPage } from './pages/Keys';
import { OAuthAppsPage } from './pages/OAuthApps';
import { ProfilePage } from './pages/Profile';
import { UsagePage } from './pages/Usage';
import { WebhookDetailPage } from './pages/webhooks/WebhookDetailPage';
import { WebhooksPage } from './pages/webhooks/WebhooksPage';
import { DisabledBanner, WebhooksProvider } from './pages/webhooks/state';
import { navigate, usePath } from './router';

const TABS = [
  { to: '/keys', label: 'API Keys' },
  { to: '/usage', label: 'Usage' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/exports', label: 'Exports' },
  { to: '/oauth-apps', label: 'OAuth apps' },
  { to: '/authorized-apps', label: 'Authorized apps' },
  { to: '/import', label: 'Import' },
  { to: '/profile', label: 'Profile' },
];

/**
 * Where to go after signing in when an OAuth authorization sent the browser here
 * (`/portal/sign-in?next=/oauth/interaction/<id>`). Only that one kind of path is
 * followed, so the parameter cannot send anyone elsewhere.
 */
export function continueTo(): string | undefined {
  const next = new URLSearchParams(window.location.search).get('next');
  return next && /^\/oauth\/interaction\/[A-Za-z0-9_-]{1,64}$/.test(next) ? next : undefined;
}

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [bootError, setBootError] = useState<unknown>();
  const path = usePath();

  // Only the newest look at the session counts: an answer asked for before a sign-in (or sign-out)
  // and arriving after it would put the previous session and its CSRF token back.
  const asked = useRef(0);
  const refresh = useCallback(async () => {
    const ticket = ++asked.current;
    try {
      const { data } = await api.session();
      if (ticket !== asked.current) return;
      setCsrfToken(data.csrf_token);
      setSession(data);
      // A later answer ends an earlier failure: the app must not stay locked until a reload.
      setBootError(undefined);
    } catch (err) {
      if (ticket === asked.current) setBootError(err);
    }
  }, []);

  useEffect(() => {
    void refresh();
    onSessionLost(() => void refresh());
    // Another tab may have signed out or in as someone else: the cookie is shared, so check on coming back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  const signedIn = (s: Session) => {
    asked.current += 1;
    setCsrfToken(s.csrf_token);
    const next = continueTo();
    if (next) {
      window.location.assign(next);
      return;
    }
    setSession(s);
    // A deep link opened signed out (a webhook's page, say) is shown once signed in; the sign-in page itself leads to the keys.
    if (path === '/' || path === '/sign-in' || path === '/sign-up') navigate('/keys', { replace: true });
  };

  // Already signed in (another tab, or back from the consent page): straight on to the application's request.
  const next = session?.authenticated ? continueTo() : undefined;
  useEffect(() => {
    if (next) window.location.replace(next);
  }, [next]);
  if (next) return <Spinner label="Continuing to the application" />;

  if (bootError) {
    return (
      <main id="main" className="boot stack">
        <ErrorNotice error={bootError} title="The portal could not start" />
        <p>
          <button type="button" className="button button-primary" onClick={() => void refresh()}>
            Try again
          </button>
        </p>
      </main>
    );
  }
  if (!session) return <Spinner label="Loading the portal" />;

  if (!session.authenticated || !session.user) {
    if (path === '/sign-up') return <SignUpPage signupEnabled={session.signup_enabled} onSignedIn={signedIn} />;
    return <SignInPage signupEnabled={session.signup_enabled} onSignedIn={signedIn} />;
  }

  return (
    <ToastProvider>
      {/* Keyed by the user: another account's session starts the pages afresh, never showing its data under this name. */}
      <SignedIn key={session.user.id} user={session.user} path={path} onSignedOut={refresh} />
    </ToastProvider>
  );
}

function SignedIn({ user, path, onSignedOut }: { user: NonNullable<Session['user']>; path: string; onSignedOut: () => Promise<void> }) {
  const catalog = useLoad(() => api.catalog().then((r) => r.data), []);
  const toast = useToast();

  useEffect(() => {
    if (path === '/' || path === '/sign-in' || path === '/sign-up') navigate('/keys', { replace: true });
  }, [path]);

  const signOut = async () => {
    try {
      await api.signOut();
    } catch (err) {
      // The session may still be alive on the server: leaving the page would only pretend.
      // (Already signed out elsewhere is as good as done.)
      if (!(err instanceof ApiError && err.code === 'not_signed_in')) {
        toast('Sign out failed, try again.', 'danger');
        return;
      }
    }
    // The session first: while these pages are still mounted, /sign-in would send them back to
    // /keys, whose requests then fail without a session.
    await onSignedOut();
    navigate('/sign-in', { replace: true });
  };

  let page: ReactNode;
  const webhookId = /^\/webhooks\/([^/]+)$/.exec(path)?.[1];
  if (!catalog.data) page = catalog.error ? <ErrorNotice error={catalog.error} /> : <Spinner />;
  else if (path === '/usage') page = <UsagePage />;
  else if (path === '/webhooks') page = <WebhooksPage catalog={catalog.data} />;
  // Keyed by the webhook: another webhook's log starts afresh, never under the previous one's URL and status.
  else if (webhookId !== undefined) page = <WebhookDetailPage key={webhookId} id={decodeURIComponent(webhookId)} catalog={catalog.data} />;
  else if (path === '/exports') page = <ExportsPage />;
  else if (path === '/profile') page = <ProfilePage profile={user} />;
  else if (path === '/oauth-apps') page = <OAuthAppsPage />;
  else if (path === '/authorized-apps') page = <AuthorizedAppsPage />;
  else if (path === '/import') page = <ImportPage />;
  else if (path === '/keys' || path === '/' || path === '/sign-in' || path === '/sign-up') page = <KeysPage catalog={catalog.data} />;
  else page = <NotFound />;

  return (
    <WebhooksProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link to="/keys" className="brand" aria-label="Card Collection Developer portal, home">
            <Logo />
            <span className="brand-text">
              <span className="brand-name">Card Collection</span>
              <span className="brand-sub">Developer portal</span>
            </span>
          </Link>
          <nav className="tabs" aria-label="Portal sections">
            <ul>
              {TABS.map((t) => {
                const current = path === t.to || path.startsWith(`${t.to}/`) || (t.to === '/keys' && path === '/');
                return (
                  <li key={t.to}>
                    <Link to={t.to} className="tab" aria-current={current ? 'page' : undefined}>
                      {t.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="account">
            <span className="account-name" title={user.email}>
              {user.username}
            </span>
            <button type="button" className="button button-ghost button-small" onClick={signOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <DisabledBanner />
      <main id="main" className="content" tabIndex={-1}>
        {page}
      </main>
      <footer className="site-footer">
        <a href="/docs">API reference</a>
        <span aria-hidden="true">·</span>
        <a href="/api/v1/openapi.json">OpenAPI</a>
      </footer>
    </WebhooksProvider>
  );
}

function NotFound() {
  return (
    <div className="empty">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        <Link to="/keys">Go to your API keys</Link>
      </p>
    </div>
  );
}
