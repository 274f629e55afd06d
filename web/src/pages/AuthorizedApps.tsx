import { useState } from 'react';
import { api, type Authorization } from '../api';
import { AppNameCell, ScopeBadges, When, ConfirmDialog, EmptyState, ErrorNotice, PageHeader, Spinner, useLoad } from '../components/ui';

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
                    <AppNameCell name={a.name} homepage={a.homepage_url} />
                    <td data-label="May">
                      <ScopeBadges scopes={a.scopes} />
                    </td>
                    <td data-label="Authorized">
                      <When at={a.granted_at} />
                    </td>
                    <td data-label="Last used">
                      <When at={a.last_used_at} />
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
  return (
    <ConfirmDialog
      target={app}
      title="Revoke this application's access?"
      confirmLabel="Revoke access"
      busyLabel="Revoking…"
      action={(a) => api.revokeAuthorizedApp(a.client_id)}
      toast={(a) => `Access for “${a.name}” revoked.`}
      onClose={onClose}
      onDone={onRevoked}
    >
      {(a) => (
        <p>
          <strong>{a.name}</strong> loses access to your account: its tokens get 401 from their next request, and it has to ask you again.
          Webhooks it created stay until you delete them under Webhooks.
        </p>
      )}
    </ConfirmDialog>
  );
}
