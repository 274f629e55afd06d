import { useId, useState, type FormEvent } from 'react';
import { api, ApiError, type CreatedOAuthApp, type OAuthApp } from '../api';
import { AppNameCell, When, Badge, ConfirmDialog, CopyField, Dialog, EmptyState, ErrorNotice, Field, Notice, PageHeader, Spinner, useLoad, useFocusOnFailure } from '../components/ui';

/** "OAuth apps": the applications this developer registered, so other users can connect them. */
export function OAuthAppsPage() {
  const apps = useLoad(() => api.oauthApps().then((r) => r.data), []);
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<OAuthApp | null>(null);
  const [deleting, setDeleting] = useState<OAuthApp | null>(null);

  return (
    <>
      <PageHeader
        title="OAuth apps"
        description={
          <>
            Register an application that acts for other users: they sign in here, see what it asks for and allow it, and it gets
            tokens for their account only. See <a href="/docs">the API reference</a> and <code>docs/oauth.md</code>.
          </>
        }
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Register app
          </button>
        }
      />
      <ErrorNotice error={apps.error} title="Could not load your applications" />
      {apps.loading && !apps.data ? (
        <Spinner label="Loading applications" />
      ) : apps.data && apps.data.length === 0 ? (
        <EmptyState title="No applications yet">
          <p>Register an application to let other users connect it to their collection.</p>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Register your first app
          </button>
        </EmptyState>
      ) : (
        apps.data && (
          <section className="panel" aria-labelledby="apps-h">
            <div className="panel-header">
              <h2 id="apps-h">Your applications</h2>
              <span className="muted">{apps.data.length}</span>
            </div>
            <table className="table responsive-table table-wrap">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Client ID</th>
                  <th scope="col">Type</th>
                  <th scope="col">Redirect URIs</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apps.data.map((a) => (
                  <tr key={a.client_id} data-client-id={a.client_id}>
                    <AppNameCell name={a.name} homepage={a.homepage_url} label="Name" />
                    <td data-label="Client ID">
                      <code className="wrap">{a.client_id}</code>
                    </td>
                    <td data-label="Type">
                      <Badge tone={a.type === 'confidential' ? 'info' : 'neutral'}>{a.type}</Badge>
                      {a.secret_hint && <span className="cell-sub muted">secret …{a.secret_hint}</span>}
                    </td>
                    <td data-label="Redirect URIs">
                      <ul className="plain-list">
                        {a.redirect_uris.map((u) => (
                          <li key={u}>
                            <code className="wrap">{u}</code>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Created">
                      <When at={a.created_at} />
                    </td>
                    <td className="cell-actions">
                      {a.type === 'confidential' && (
                        <button type="button" className="button button-secondary button-small" onClick={() => setRotating(a)} aria-label={`Rotate secret of ${a.name}`}>
                          Rotate secret
                        </button>
                      )}
                      <button type="button" className="button button-danger-quiet button-small" onClick={() => setDeleting(a)} aria-label={`Delete ${a.name}`}>
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      )}
      <RegisterDialog open={creating} onClose={() => setCreating(false)} onCreated={apps.reload} />
      <RotateDialog app={rotating} onClose={() => setRotating(null)} onRotated={apps.reload} />
      <DeleteDialog
        app={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          apps.reload();
        }}
      />
    </>
  );
}

function RedirectUrisField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Redirect URIs</label>
      <textarea
        id={id}
        name="redirect_uris"
        rows={3}
        spellCheck={false}
        value={value}
        placeholder="https://app.example/oauth/callback"
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className="hint">
        One per line. The application&rsquo;s <code>redirect_uri</code> must match one exactly. HTTPS, or http on localhost while developing.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ShowCredentials({ app, rotated, onDone }: { app: CreatedOAuthApp; rotated?: boolean; onDone: () => void }) {
  return (
    <Dialog
      open
      title={rotated ? 'Your new client secret' : 'Your application is registered'}
      onClose={onDone}
      dismissable={false}
      footer={
        <button type="button" className="button button-primary" onClick={onDone} data-autofocus>
          {app.client_secret ? 'I have copied the secret' : 'Done'}
        </button>
      }
    >
      {app.client_secret ? (
        <Notice tone="warning" title="Copy the client secret now. It cannot be shown again.">
          <p>We store only a fingerprint of it. {rotated ? 'The old secret no longer works.' : 'If you lose it, rotate it.'}</p>
        </Notice>
      ) : (
        <Notice tone="info" title="A public client has no secret.">
          <p>It proves itself with PKCE on every authorization.</p>
        </Notice>
      )}
      <CopyField label="Client ID" value={app.client_id} testId="client-id" />
      {app.client_secret && <CopyField label="Client secret" value={app.client_secret} testId="client-secret" />}
    </Dialog>
  );
}

function RegisterDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [homepage, setHomepage] = useState('');
  const [uris, setUris] = useState('');
  const [type, setType] = useState<'confidential' | 'public'>('confidential');
  const [error, setError] = useState<unknown>();
  /** The redirect URIs the last attempt sent, to name the lines its errors are about. */
  const [sent, setSent] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedOAuthApp | null>(null);

  const reset = () => {
    setName('');
    setHomepage('');
    setUris('');
    setType('confidential');
    setError(undefined);
    setCreated(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const apiError = error instanceof ApiError ? error : undefined;
  // The API names each bad line by its place (`redirect_uris[1]`); with several lines, say which.
  const uriErrors = apiError?.errors
    .filter((e) => e.field.startsWith('redirect_uris'))
    .map((e) => {
      const at = /^redirect_uris\[(\d+)\]$/.exec(e.field);
      const uri = at && sent.length > 1 ? sent[Number(at[1])] : undefined;
      return uri === undefined ? e.message : `${uri}: ${e.message}`;
    });

  const { formRef, failed } = useFocusOnFailure();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const redirect_uris = uris
        .split('\n')
        .map((u) => u.trim())
        .filter(Boolean);
      setSent(redirect_uris);
      const { data } = await api.createOAuthApp({ name: name.trim(), homepage_url: homepage.trim() || null, redirect_uris, type });
      setCreated(data);
      onCreated();
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (!open) return null;
  if (created) return <ShowCredentials app={created} onDone={close} />;
  return (
    <Dialog
      open={open}
      title="Register an OAuth application"
      onClose={close}
      // A request in flight cannot be called back, and its answer holds a secret shown only once:
      // the dialog stays until it arrives, so it is never shown later as if it were a new one.
      dismissable={!busy}
      wide
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="oauth-app-form" className="button button-primary" disabled={busy}>
            {busy ? 'Registering…' : 'Register'}
          </button>
        </>
      }
    >
      <form ref={formRef} id="oauth-app-form" className="stack" onSubmit={submit} noValidate>
        {error !== undefined && apiError?.code !== 'validation_failed' && <ErrorNotice error={error} />}
        <Field label="Name" name="name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} hint="Users see it on the consent page." error={apiError?.field('name')} required />
        <Field
          label="Homepage (optional)"
          name="homepage_url"
          type="url"
          inputMode="url"
          placeholder="https://app.example"
          value={homepage}
          onChange={(e) => setHomepage(e.target.value)}
          error={apiError?.field('homepage_url')}
        />
        <RedirectUrisField value={uris} onChange={setUris} error={uriErrors?.length ? uriErrors.join(' ') : undefined} />
        <fieldset>
          <legend>Client type</legend>
          <label className="check">
            <input type="radio" name="type" value="confidential" checked={type === 'confidential'} onChange={() => setType('confidential')} />
            <span className="check-text">Confidential: a server that can keep a client secret</span>
          </label>
          <label className="check">
            <input type="radio" name="type" value="public" checked={type === 'public'} onChange={() => setType('public')} />
            <span className="check-text">Public: a mobile, desktop or browser app (no secret, PKCE only)</span>
          </label>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RotateDialog({ app, onClose, onRotated }: { app: OAuthApp | null; onClose: () => void; onRotated: () => void }) {
  const [rotated, setRotated] = useState<CreatedOAuthApp | null>(null);
  const close = () => {
    setRotated(null);
    onClose();
  };
  if (rotated) return <ShowCredentials app={rotated} rotated onDone={close} />;
  return (
    <ConfirmDialog
      target={app}
      title="Rotate the client secret?"
      confirmLabel="Rotate secret"
      busyLabel="Rotating…"
      tone="primary"
      action={async (a) => setRotated((await api.rotateOAuthSecret(a.client_id)).data)}
      onClose={close}
      onDone={onRotated}
      // The application stays, and so does its Rotate button, which the new secret's dialog returns to.
      focusAfterDone="opener"
    >
      {(a) => (
        <p>
          <strong>{a.name}</strong> gets a new secret, shown once. The current one (…{a.secret_hint}) stops working at once; tokens already
          issued keep working.
        </p>
      )}
    </ConfirmDialog>
  );
}

function DeleteDialog({ app, onClose, onDeleted }: { app: OAuthApp | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      target={app}
      title="Delete this application?"
      confirmLabel="Delete application"
      busyLabel="Deleting…"
      action={(a) => api.deleteOAuthApp(a.client_id)}
      toast={(a) => `Application “${a.name}” deleted.`}
      onClose={onClose}
      onDone={onDeleted}
    >
      {(a) => (
        <p>
          <strong>{a.name}</strong> can no longer sign anyone in, and every token users gave it stops working on its next request. This cannot
          be undone.
        </p>
      )}
    </ConfirmDialog>
  );
}
