import { useState, type FormEvent } from 'react';
import { api, ApiError, type Profile } from '../api';
import { Badge, ErrorNotice, Field, PageHeader, useToast, useFocusOnFailure } from '../components/ui';

export function ProfilePage({ profile }: { profile: Profile }) {
  return (
    <>
      <PageHeader title="Profile" description="Your account on this server." />
      <div className="grid-2">
        <section className="panel" aria-labelledby="account-h">
          <div className="panel-header">
            <h2 id="account-h">Account</h2>
          </div>
          <dl className="details panel-body">
            <div>
              <dt>Username</dt>
              <dd data-testid="profile-username">{profile.username}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{profile.email}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>
                <Badge tone={profile.plan === 'pro' ? 'success' : 'neutral'}>{profile.plan === 'pro' ? 'Pro' : 'Free'}</Badge>
                <span className="muted small"> {profile.plan === 'pro' ? 'Higher rate limit, shared by all your keys.' : 'Standard rate limit, shared by all your keys.'}</span>
              </dd>
            </div>
          </dl>
        </section>
        <ChangePassword />
      </div>
    </>
  );
}

function ChangePassword() {
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<unknown>();
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const fieldError = (name: string) => (error instanceof ApiError ? error.field(name) : undefined);

  const { formRef, failed } = useFocusOnFailure();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.next !== form.confirm) {
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
      await api.changePassword(form.current, form.next);
      setForm({ current: '', next: '', confirm: '' });
      toast('Password changed. Other browsers signed in to your account were signed out.');
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="password-h">
      <div className="panel-header">
        <h2 id="password-h">Change password</h2>
      </div>
      <form ref={formRef} className="panel-body stack" onSubmit={submit} noValidate>
        {error !== undefined && !(error instanceof ApiError && error.code === 'validation_failed') && <ErrorNotice error={error} />}
        <Field label="Current password" type="password" autoComplete="current-password" value={form.current} onChange={set('current')} error={fieldError('current_password')} required />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={set('next')}
          hint="At least 10 characters."
          error={fieldError('new_password')}
          required
        />
        <Field
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={mismatch ? 'The passwords do not match.' : undefined}
          required
        />
        <div>
          <button type="submit" className="button button-primary" disabled={busy || !form.current || !form.next}>
            {busy ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
