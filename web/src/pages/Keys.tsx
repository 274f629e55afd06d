import { useState, type FormEvent } from 'react';
import { api, ApiError, type ApiKey, type Catalog, type CreatedApiKey, type Scope } from '../api';
import { ScopeBadges, When, ConfirmDialog, CopyField, Dialog, EmptyState, ErrorNotice, Field, Notice, PageHeader, Spinner, useLoad, useFocusOnFailure } from '../components/ui';
import { formatDateTime } from '../format';
import { tryItCommand } from '../try-it';

export function KeysPage({ catalog }: { catalog: Catalog }) {
  const keys = useLoad(() => api.keys().then((r) => r.data), []);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const active = keys.data?.filter((k) => k.status === 'active') ?? [];
  const revoked = keys.data?.filter((k) => k.status === 'revoked') ?? [];

  return (
    <>
      <PageHeader
        title="API Keys"
        description={
          <>
            Keys let your tools call the API as you: send one as <code>Authorization: Bearer &lt;key&gt;</code>. Give each tool its own key
            with only the scopes it needs.
          </>
        }
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create Key
          </button>
        }
      />
      <ErrorNotice error={keys.error} title="Could not load your keys" />
      {keys.loading && !keys.data ? (
        <Spinner label="Loading keys" />
      ) : keys.data && keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">
          <p>Create a key to start calling the API from your scripts and apps.</p>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create your first key
          </button>
        </EmptyState>
      ) : keys.data ? (
        <>
          <KeyTable caption="Active keys" keys={active} onRevoke={setRevoking} empty="No active keys." />
          {revoked.length > 0 && <KeyTable caption="Revoked keys" keys={revoked} empty="" />}
        </>
      ) : null /* Not loaded (the error above says why): no table, which would claim there are no keys. */}
      <CreateKeyDialog
        open={creating}
        catalog={catalog}
        onClose={() => setCreating(false)}
        onCreated={keys.reload}
      />
      <RevokeDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          keys.reload();
        }}
      />
    </>
  );
}

function KeyTable({ caption, keys, onRevoke, empty }: { caption: string; keys: ApiKey[]; onRevoke?: (k: ApiKey) => void; empty: string }) {
  // An id with a space is a list of two ids to aria-labelledby, which then names nothing.
  const headingId = `${caption.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-h`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel-header">
        <h2 id={headingId}>{caption}</h2>
        <span className="muted">{keys.length}</span>
      </div>
      {keys.length === 0 ? (
        <p className="panel-empty">{empty}</p>
      ) : (
        <table className="table responsive-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">{onRevoke ? 'Last used' : 'Revoked'}</th>
              {onRevoke && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-key-id={k.id}>
                <th scope="row" data-label="Name" className="cell-strong">
                  {k.name}
                </th>
                <td data-label="Key">
                  <code className="key-prefix">{k.prefix}</code>
                </td>
                <td data-label="Scopes">
                  <ScopeBadges scopes={k.scopes} />
                </td>
                <td data-label="Created">
                  <When at={k.created_at} />
                </td>
                <td data-label={onRevoke ? 'Last used' : 'Revoked'}>
                  {onRevoke ? (
                    <When at={k.last_used_at} />
                  ) : (
                    <time dateTime={k.revoked_at ?? undefined}>{formatDateTime(k.revoked_at)}</time>
                  )}
                </td>
                {onRevoke && (
                  <td className="cell-actions">
                    <button type="button" className="button button-danger-quiet button-small" onClick={() => onRevoke(k)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CreateKeyDialog({ open, catalog, onClose, onCreated }: { open: boolean; catalog: Catalog; onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<Scope>>(new Set());
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [tried, setTried] = useState(false);

  const reset = () => {
    setName('');
    setScopes(new Set());
    setError(undefined);
    setCreated(null);
    setTried(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const toggle = (s: Scope) =>
    setScopes((cur) => {
      const next = new Set(cur);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return next;
    });

  const nameError = tried && !name.trim() ? 'Give the key a name.' : error instanceof ApiError ? error.field('name') : undefined;
  const scopeError = tried && scopes.size === 0 ? 'Select at least one scope.' : error instanceof ApiError ? error.field('scopes') : undefined;

  const { formRef, failed } = useFocusOnFailure();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setError(undefined);
    if (!name.trim() || scopes.size === 0) {
      failed();
      return;
    }
    setBusy(true);
    try {
      const { data } = await api.createKey(name.trim(), catalog.scopes.map((s) => s.scope).filter((s) => scopes.has(s)));
      setCreated(data);
      onCreated();
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      // A dialog of its own (key), not the form's re-rendered: it opens, so it takes focus and the form's opener.
      <Dialog
        key="secret"
        open={open}
        title="Your new API key"
        onClose={close}
        dismissable={false}
        footer={
          <button type="button" className="button button-primary" onClick={close} data-autofocus>
            I have copied the key
          </button>
        }
      >
        <Notice tone="warning" title="Copy this key now. It cannot be shown again.">
          <p>We store only a fingerprint of it. If you lose it, revoke it and create a new one.</p>
        </Notice>
        <CopyField label={`API key “${created.name}”`} value={created.key} testId="new-key" />
        <p className="muted small">Scopes: {created.scopes.join(', ')}.</p>
        <CopyField
          label="Try it: paste this into a terminal"
          value={tryItCommand(window.location.origin, created.key, created.scopes)}
          testId="try-it"
          copyLabel="Copy the command"
        />
      </Dialog>
    );
  }

  return (
    <Dialog
      key="form"
      open={open}
      title="Create an API key"
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
          <button type="submit" form="create-key-form" className="button button-primary" disabled={busy}>
            {busy ? 'Generating…' : 'Generate'}
          </button>
        </>
      }
    >
      <form ref={formRef} id="create-key-form" onSubmit={submit} noValidate className="stack">
        {error !== undefined && !(error instanceof ApiError && error.code === 'validation_failed') && <ErrorNotice error={error} />}
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          hint="Something that tells you later where the key is used, e.g. “Inventory sync script”."
          error={nameError}
          required
        />
        <fieldset className="scopes" aria-describedby={scopeError ? 'scope-error' : undefined} data-invalid={scopeError ? true : undefined}>
          <legend>Scopes</legend>
          <p className="hint">Tick what the key may do. Anything not ticked is refused with 403.</p>
          {catalog.scopes.map((s) => (
            <label key={s.scope} className={`scope-option ${scopes.has(s.scope) ? 'is-checked' : ''}`}>
              <input type="checkbox" name="scopes" value={s.scope} checked={scopes.has(s.scope)} onChange={() => toggle(s.scope)} />
              <span>
                <span className="scope-name">{s.scope}</span>
                <span className="scope-description">{s.description}</span>
              </span>
            </label>
          ))}
          {scopeError && (
            <p id="scope-error" className="field-error">
              {scopeError}
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}

function RevokeDialog({ apiKey, onClose, onRevoked }: { apiKey: ApiKey | null; onClose: () => void; onRevoked: () => void }) {
  return (
    <ConfirmDialog
      target={apiKey}
      title="Revoke this key?"
      confirmLabel="Revoke key"
      busyLabel="Revoking…"
      action={(k) => api.revokeKey(k.id)}
      toast={(k) => `Key “${k.name}” revoked.`}
      onClose={onClose}
      onDone={onRevoked}
    >
      {(k) => (
        <p>
          <strong>{k.name}</strong> (<code>{k.prefix}</code>) stops working on its very next request. Anything using it gets 401 until you
          give it a new key. This cannot be undone.
        </p>
      )}
    </ConfirmDialog>
  );
}
