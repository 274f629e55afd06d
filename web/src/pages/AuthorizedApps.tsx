import { useState } from 'react';
import { api, type Authorization } from '../api';
import { Badge, Dialog, EmptyState, ErrorNotice, PageHeader, Spinner, useLoad, useToast } from '../components/ui';
import { capitalize, formatDateTime, formatRelative } from '../format';

/** "Authorized apps": every application this user allowed into their account, and the way to take it back. */
export function AuthorizedAppsPage() {
  const apps = useLoad(() => api.authorizedApps().then((r) => r.data), []);
  const [revoking, setRevoking] = useState<Authorization | null>(null);

  return (
    <>
      <PageHeader
        title="Authorized apps"
        description="Applications you allowed to use your account, with what they may do. Revoke one and all of its tokens stop working on their next request."
      />
      <ErrorNotice error={apps.error} title="Could not load your authorized apps" />
      {apps.loading && !apps.data ? (
        <Spinner label="Loading authorized apps" />
      ) : apps.data && apps.data.length === 0 ? (
        <EmptyState title="No authorized apps">
          <p>When an application asks to connect to your collection and you allow it, it is listed here.</p>
        </EmptyState>
      ) : (
        apps.data && (
          <section className="panel" aria-labelledby="authorized-h">
            <div className="panel-header">
              <h2 id="authorized-h">Applications with access</h2>
              <span className="muted">{apps.data.length}</span>
            </div>
            <table className="table responsive-table">
              <thead>
                <tr>
                  <th scope="col">Application</th>
                  <th scope="col">May</th>
                  <th scope="col">Authorized</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {apps.data.map((a) => (
                  <tr key={a.client_id} data-client-id={a.client_id}>
                    <th scope="row" data-label="Application" className="cell-strong">
                      {a.name}
                      {a.homepage_url && (
                        <span className="cell-sub">
                          <a href={a.homepage_url} rel="noopener noreferrer" target="_blank">
                            {a.homepage_url}
                          </a>
                        </span>
                      )}
                    </th>
                    <td data-label="May">
                      <ul className="scope-list">
                        {a.scopes.map((s) => (
                          <li key={s}>
                            <Badge tone="info">{s}</Badge>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td data-label="Authorized">
                      <time dateTime={a.granted_at} title={formatDateTime(a.granted_at)}>
                        {capitalize(formatRelative(a.granted_at))}
                      </time>
                    </td>
                    <td data-label="Last used">
                      {a.last_used_at ? (
                        <time dateTime={a.last_used_at} title={formatDateTime(a.last_used_at)}>
                          {capitalize(formatRelative(a.last_used_at))}
                        </time>
                      ) : (
                        <span className="muted">Never</span>
                      )}
                    </td>
                    <td className="cell-actions">
                      <button type="button" className="button button-danger-quiet button-small" onClick={() => setRevoking(a)} aria-label={`Revoke ${a.name}`}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      )}
      <RevokeDialog
        app={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          apps.reload();
        }}
      />
    </>
  );
}

function RevokeDialog({ app, onClose, onRevoked }: { app: Authorization | null; onClose: () => void; onRevoked: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const toast = useToast();
  const revoke = async () => {
    if (!app) return;
    setBusy(true);
    setError(undefined);
    try {
      await api.revokeAuthorizedApp(app.client_id);
      toast(`Access for “${app.name}” revoked.`);
      onRevoked();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={app !== null}
      title="Revoke this application's access?"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={revoke} disabled={busy}>
            {busy ? 'Revoking…' : 'Revoke access'}
          </button>
        </>
      }
    >
      <ErrorNotice error={error} />
      {app && (
        <p>
          <strong>{app.name}</strong> loses access to your account: its tokens get 401 from their next request, and it has to ask you again.
          Webhooks it created stay until you delete them under Webhooks.
        </p>
      )}
    </Dialog>
  );
}
