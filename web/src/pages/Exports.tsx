import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type Export, type ExportFormat, type ExportSource, type ExportSources } from '../api';
import { Badge, EmptyState, ErrorNotice, Field, PageHeader, Select, Spinner, When, useLoad, useToast, useFocusOnFailure } from '../components/ui';
import { formatNumber } from '../format';

const FORMATS: Array<{ value: ExportFormat; label: string; deckOnly?: boolean }> = [
  { value: 'csv', label: 'CSV (all fields)' },
  { value: 'json', label: 'JSON (API objects)' },
  { value: 'moxfield_csv', label: 'Moxfield CSV' },
  { value: 'manabox_csv', label: 'ManaBox CSV' },
  { value: 'deckbox_csv', label: 'Deckbox CSV' },
  { value: 'archidekt_csv', label: 'Archidekt CSV' },
  { value: 'arena', label: 'MTG Arena decklist', deckOnly: true },
  { value: 'mtgo', label: 'MTGO decklist (text)', deckOnly: true },
  { value: 'mtgo_dek', label: 'MTGO .dek file', deckOnly: true },
];

const SOURCE_LABELS: Record<ExportSource, string> = { collection: 'Whole collection', binder: 'Binder', deck: 'Deck' };
const FORMAT_LABELS = Object.fromEntries(FORMATS.map((f) => [f.value, f.label])) as Record<ExportFormat, string>;
/** While an export is waiting or being written, the list is asked again this often. */
const POLL_MS = 1_500;

function formatBytes(n: number): string {
  if (n < 1024) return `${formatNumber(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

function StatusBadge({ exp }: { exp: Export }) {
  if (exp.status === 'completed') return exp.expired ? <Badge>Expired</Badge> : <Badge tone="success">Ready</Badge>;
  if (exp.status === 'failed') return <Badge tone="danger">Failed</Badge>;
  if (exp.status === 'running') return <Badge tone="info">Writing…</Badge>;
  return <Badge tone="warning">Waiting</Badge>;
}

/** "Exports": request a file of the collection, a binder or a deck, watch it being written, download it. */
export function ExportsPage() {
  const list = useLoad(() => api.exports().then((r) => r.data), []);
  // The form's choices, and the names the list shows for each binder and deck export.
  const sources = useLoad(() => api.exportSources().then((r) => r.data), []);
  const names = new Map([...(sources.data?.binders ?? []), ...(sources.data?.decks ?? [])].map((s) => [s.id, s.name]));
  const toast = useToast();
  const seen = useRef(new Map<string, Export['status']>());
  const busy = list.data?.some((e) => e.status === 'pending' || e.status === 'running') ?? false;

  // Live status: ask again while anything is waiting or being written.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(list.reload, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, list.reload]);

  // Say so when an export this page saw in progress is done.
  useEffect(() => {
    for (const e of list.data ?? []) {
      const before = seen.current.get(e.id);
      if ((before === 'pending' || before === 'running') && e.status !== before) {
        if (e.status === 'completed') toast(`Your ${FORMAT_LABELS[e.format]} export is ready to download.`);
        if (e.status === 'failed') toast(`Your ${FORMAT_LABELS[e.format]} export failed.`);
      }
      seen.current.set(e.id, e.status);
    }
  }, [list.data, toast]);

  return (
    <>
      <PageHeader
        title="Exports"
        description="Download your collection, one binder or one deck as a file for another app (Moxfield, ManaBox, Deckbox, Archidekt, MTG Arena, MTGO) or as CSV or JSON. Files are written in the background and kept for 7 days."
      />
      <RequestForm sources={sources} onRequested={list.reload} />
      <ErrorNotice error={list.error} title="Could not load your exports" />
      {list.loading && !list.data ? (
        <Spinner label="Loading exports" />
      ) : list.data && list.data.length === 0 ? (
        <EmptyState title="No exports yet">
          <p>Request one above; it appears here and can be downloaded once it is ready.</p>
        </EmptyState>
      ) : (
        list.data && (
          <section className="panel" aria-labelledby="exports-h">
            <div className="panel-header">
              <h2 id="exports-h">Your exports</h2>
              <span className="muted">{list.data.length}</span>
            </div>
            <table className="table responsive-table">
              <thead>
                <tr>
                  <th scope="col">Requested</th>
                  <th scope="col">Of</th>
                  <th scope="col">Format</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows</th>
                  <th scope="col">Size</th>
                  <th scope="col">Kept until</th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((e) => (
                  <tr key={e.id} data-export-id={e.id} data-status={e.status}>
                    <td data-label="Requested">
                      <When at={e.created_at} />
                    </td>
                    <td data-label="Of">
                      {SOURCE_LABELS[e.source]}
                      {names.get(e.binder_id ?? e.deck_id ?? '') !== undefined && <span className="cell-sub">{names.get(e.binder_id ?? e.deck_id ?? '')}</span>}
                      {e.q && (
                        <span className="cell-sub">
                          <code className="wrap">{e.q}</code>
                        </span>
                      )}
                    </td>
                    <td data-label="Format">{FORMAT_LABELS[e.format]}</td>
                    <td data-label="Status">
                      <StatusBadge exp={e} />
                      {e.error && <span className="cell-sub field-error">{e.error}</span>}
                    </td>
                    <td data-label="Rows">{e.row_count === null ? '—' : formatNumber(e.row_count)}</td>
                    <td data-label="Size">{e.size_bytes === null ? '—' : formatBytes(e.size_bytes)}</td>
                    <td data-label="Kept until">{e.expires_at ? <When at={e.expires_at} /> : '—'}</td>
                    <td className="cell-actions">
                      {e.status === 'completed' && !e.expired && (
                        <a className="button button-secondary button-small" href={api.exportDownloadHref(e.id)} download aria-label={`Download the ${FORMAT_LABELS[e.format]} export`}>
                          Download
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      )}
    </>
  );
}

function RequestForm({ sources, onRequested }: { sources: { data?: ExportSources | undefined; error?: unknown }; onRequested: () => void }) {
  const [source, setSource] = useState<ExportSource>('collection');
  const [binderId, setBinderId] = useState('');
  const [deckId, setDeckId] = useState('');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const toast = useToast();
  const formats = FORMATS.filter((f) => source === 'deck' || !f.deckOnly);
  const fieldError = (name: string) => (error instanceof ApiError ? error.field(name) : undefined);
  const queryError = error instanceof ApiError && error.code === 'invalid_query' ? error.message : fieldError('q');

  const pickSource = (next: ExportSource) => {
    setSource(next);
    if (next !== 'deck' && FORMATS.find((f) => f.value === format)?.deckOnly) setFormat('csv');
    setError(undefined);
  };

  const { formRef, failed } = useFocusOnFailure();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await api.createExport({
        source,
        format,
        ...(source === 'binder' ? { binder_id: binderId || sources.data?.binders[0]?.id || '' } : {}),
        ...(source === 'deck' ? { deck_id: deckId || sources.data?.decks[0]?.id || '' } : {}),
        ...(source !== 'deck' && q.trim() ? { q: q.trim() } : {}),
      });
      toast('Export requested. It is written in the background; this list updates by itself.');
      onRequested();
    } catch (err) {
      setError(err);
      failed();
    } finally {
      setBusy(false);
    }
  };

  const noBinders = source === 'binder' && sources.data?.binders.length === 0;
  const noDecks = source === 'deck' && sources.data?.decks.length === 0;
  const shownError = error instanceof ApiError && (error.code === 'validation_failed' || error.code === 'invalid_query') ? undefined : error;

  return (
    <section className="panel" aria-labelledby="request-h">
      <div className="panel-header">
        <h2 id="request-h">Request an export</h2>
      </div>
      <form ref={formRef} className="panel-body stack" onSubmit={submit} noValidate>
        <ErrorNotice error={shownError} title="Could not request the export" />
        <ErrorNotice error={sources.error} title="Could not load your binders and decks" />
        <Select label="What to export" value={source} onChange={(e) => pickSource(e.target.value as ExportSource)}>
          <option value="collection">The whole collection</option>
          <option value="binder">One binder</option>
          <option value="deck">One deck</option>
        </Select>
        {source === 'binder' && (
          <Select label="Binder" value={binderId || sources.data?.binders[0]?.id || ''} onChange={(e) => setBinderId(e.target.value)} disabled={!sources.data || noBinders}>
            {noBinders && <option value="">You have no binders</option>}
            {sources.data?.binders.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({formatNumber(b.entry_count)} entries)
              </option>
            ))}
          </Select>
        )}
        {source === 'deck' && (
          <Select label="Deck" value={deckId || sources.data?.decks[0]?.id || ''} onChange={(e) => setDeckId(e.target.value)} disabled={!sources.data || noDecks}>
            {noDecks && <option value="">You have no decks</option>}
            {sources.data?.decks.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.format}, {formatNumber(d.card_count)} cards)
              </option>
            ))}
          </Select>
        )}
        <Select label="Format" value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
          {formats.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
        {source !== 'deck' && (
          <Field
            label="Only cards matching (optional)"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="e.g. is:foil t:creature"
            hint="The collection search syntax, as in GET /collection?q= (binder:, tag:, condition:, finish:, qty>=N and card search terms)."
            error={queryError}
            maxLength={1000}
          />
        )}
        {fieldError('format') && <p className="field-error">{fieldError('format')}</p>}
        <div>
          {/* aria-disabled while it asks, not disabled: a focused button that becomes disabled drops keyboard focus. */}
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined} disabled={noBinders || noDecks}>
            {busy ? 'Requesting…' : 'Request export'}
          </button>
        </div>
      </form>
    </section>
  );
}
