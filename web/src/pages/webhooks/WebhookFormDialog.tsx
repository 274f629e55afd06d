import { useState, type FormEvent } from 'react';
import { api, ApiError, type Catalog, type CreatedWebhook, type Webhook, type WebhookInput } from '../../api';
import { CopyField, Dialog, ErrorNotice, Field, Notice, useToast, useFocusOnFailure } from '../../components/ui';

// Creating or editing a subscription; a new one's secret is shown once.

export function WebhookFormDialog({
  editing,
  catalog,
  onClose,
  onSaved,
}: {
  editing: Webhook | 'new' | null;
  catalog: Catalog;
  onClose: () => void;
  onSaved: () => void;
}) {
  const existing = editing && editing !== 'new' ? editing : null;
  const [url, setUrl] = useState(existing?.url ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [all, setAll] = useState(existing ? existing.events.includes('*') : true);
  const [events, setEvents] = useState<Set<string>>(new Set(existing && !existing.events.includes('*') ? existing.events : []));
  const [ownSecret, setOwnSecret] = useState(false);
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [tried, setTried] = useState(false);
  const toast = useToast();

  // The API's messages are fragments ("is required"): said here as sentences that name the field and what to do.
  const fieldError = (name: string) => {
    if (!(error instanceof ApiError)) return undefined;
    const found = error.errors.find((e) => e.field === name || e.field.startsWith(`${name}[`));
    if (!found) return undefined;
    if (name === 'url' && found.code === 'required') return 'Enter the address of your endpoint, e.g. https://example.com/hooks.';
    if (name === 'url' && /private, loopback or link-local/.test(found.message)) {
      return 'The URL points at a private, loopback or link-local address, which this server does not deliver to. Use your endpoint’s public address.';
    }
    const label = name === 'url' ? 'The URL' : name === 'events' ? 'The events' : name === 'secret' ? 'The secret' : name === 'description' ? 'The description' : 'This field';
    return `${label} ${found.message.replace(/\.?$/, '.')}`;
  };
  const eventsError = tried && !all && events.size === 0 ? 'Choose at least one event, or all events.' : fieldError('events');
  // By code point, as the API counts: an emoji is one character.
  const secretTooShort = ownSecret && secret.length > 0 && [...secret].length < 16;
  // Choosing to set a secret and typing none would save the form with the secret unchanged (or generated).
  const secretMissing = ownSecret && secret.length === 0;
  const secretError =
    tried && secretMissing
      ? `Enter the new secret (16 to 256 characters), or choose ${existing ? 'to keep the current one' : 'to have one generated'}.`
      : tried && secretTooShort
        ? 'Use at least 16 characters.'
        : fieldError('secret');

  const { formRef, failed } = useFocusOnFailure();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    // The server's last verdict was about the previous values: it goes even when a local check stops this try.
    setError(undefined);
    if ((!all && events.size === 0) || secretTooShort || secretMissing) {
      failed();
      return;
    }
    setBusy(true);
    const input: WebhookInput = {
      url: url.trim(),
      events: all ? ['*'] : catalog.event_types.filter((t) => events.has(t)),
      description: description.trim() ? description.trim() : null,
    };
    if (ownSecret && secret) input.secret = secret;
    try {
      if (existing) {
        await api.updateWebhook(existing.id, input);
        toast('Webhook saved.');
        onSaved();
        onClose();
      } else {
        const { data } = await api.createWebhook(input);
        onSaved();
        if (data.secret) setCreated(data);
        else {
          toast('Webhook added.');
          onClose();
        }
      }
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  if (created?.secret) {
    return (
      // A dialog of its own (key), not the form's re-rendered: it opens, so it takes focus and the form's opener.
      <Dialog
        key="secret"
        open
        title="Webhook added"
        onClose={onClose}
        dismissable={false}
        footer={
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            I have copied the secret
          </button>
        }
      >
        <Notice tone="warning" title="Copy the signing secret now. It cannot be shown again.">
          <p>
            Your endpoint needs it to check <code>X-Webhook-Signature</code>. If you lose it, set a new one with Edit.
          </p>
        </Notice>
        <CopyField label="Signing secret" value={created.secret} testId="new-webhook-secret" />
      </Dialog>
    );
  }

  const toggle = (t: string) =>
    setEvents((cur) => {
      const next = new Set(cur);
      if (next.has(t)) next.delete(t);
      else next.add(t);
      return next;
    });

  return (
    <Dialog
      key="form"
      open={editing !== null}
      title={existing ? 'Edit webhook' : 'Add a webhook endpoint'}
      onClose={onClose}
      wide
      // Closed while saving, a new endpoint's answer (its secret, shown once) would have nowhere to go.
      dismissable={!busy}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="webhook-form" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : existing ? 'Save changes' : 'Add endpoint'}
          </button>
        </>
      }
    >
      <form ref={formRef} id="webhook-form" className="stack" onSubmit={submit} noValidate>
        {error !== undefined && !(error instanceof ApiError && error.code === 'validation_failed') && <ErrorNotice error={error} />}
        <Field
          label="Endpoint URL"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/ccs"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          hint="HTTPS. Plain http is accepted only for localhost and 127.0.0.1, for testing."
          error={fieldError('url')}
          required
        />
        <Field label="Description (optional)" name="description" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} error={fieldError('description')} />
        <fieldset data-invalid={eventsError ? true : undefined}>
          <legend>Events</legend>
          <label className="check check-all">
            <input type="checkbox" name="all-events" checked={all} onChange={(e) => setAll(e.target.checked)} />
            <span>All events, including types added later</span>
          </label>
          <div className="events-grid" aria-disabled={all}>
            {catalog.event_types.map((t) => (
              <label key={t} className="check">
                <input type="checkbox" name="events" value={t} disabled={all} checked={all || events.has(t)} onChange={() => toggle(t)} />
                <span>{t}</span>
              </label>
            ))}
          </div>
          {eventsError && <p className="field-error">{eventsError}</p>}
        </fieldset>
        <fieldset>
          <legend>Signing secret</legend>
          <label className="check">
            <input type="radio" name="secret-mode" checked={!ownSecret} onChange={() => setOwnSecret(false)} />
            <span className="check-text">{existing ? `Keep the current secret (ends in ${existing.secret_hint})` : 'Generate one for me (shown once)'}</span>
          </label>
          <label className="check">
            <input type="radio" name="secret-mode" checked={ownSecret} onChange={() => setOwnSecret(true)} />
            <span className="check-text">{existing ? 'Set a new secret' : 'Use my own secret'}</span>
          </label>
          {ownSecret && (
            <div className="secret-input">
              <Field
                label="Secret"
                name="secret"
                type="password"
                autoComplete="off"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                hint="16 to 256 characters."
                error={secretError}
              />
            </div>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
