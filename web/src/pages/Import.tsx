import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { api, ApiError, type CollectionTotals, type ImportFormat, type ImportReport } from '../api';
import { Badge, ErrorNotice, Notice, PageHeader, Select } from '../components/ui';

const FORMATS: Array<{ value: ImportFormat | 'auto'; label: string }> = [
  { value: 'auto', label: 'Recognise it from the header line' },
  { value: 'moxfield', label: 'Moxfield' },
  { value: 'manabox', label: 'ManaBox' },
  { value: 'deckbox', label: 'Deckbox' },
  { value: 'archidekt', label: 'Archidekt' },
  { value: 'dragonshield', label: 'Dragon Shield' },
  { value: 'tcgplayer', label: 'TCGplayer' },
  { value: 'csv', label: 'Card Collection Service CSV' },
  { value: 'json', label: 'Card Collection Service JSON' },
];

const FORMAT_NAMES = Object.fromEntries(FORMATS.map((f) => [f.value, f.label])) as Record<ImportFormat, string>;

const CONDITION_NAMES: Record<string, string> = {
  mint: 'Mint',
  near_mint: 'Near mint',
  lightly_played: 'Lightly played',
  moderately_played: 'Moderately played',
  heavily_played: 'Heavily played',
  damaged: 'Damaged',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * Import: a collection file from another app (or our own export), previewed as a dry run
 * (what will be created, what merges into entries you have, which rows could not be
 * matched and why), then applied in one go.
 */
export function ImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | 'auto'>('auto');
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<{ report: ImportReport; collection?: CollectionTotals } | null>(null);

  // Bumped whenever the file or format changes: a preview still on its way for the previous choice
  // is dropped, so Apply never sends a file under another file's preview.
  const choice = useRef(0);

  const reset = () => {
    choice.current += 1;
    // A preview still on its way is for the previous choice: the new one may be previewed at once.
    setBusy((b) => (b === 'preview' ? null : b));
    setPreview(null);
    setResult(null);
    setError(undefined);
    setSkip(false);
  };

  const previewFile = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    reset();
    const asked = choice.current;
    setBusy('preview');
    try {
      const { data } = await api.importFile(file, { format, mode: 'dry_run' });
      if (asked === choice.current) setPreview(data);
    } catch (err) {
      if (asked === choice.current) setError(err);
    } finally {
      // An outdated preview ends nothing: a newer one may still be on its way.
      if (asked === choice.current) setBusy(null);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy('apply');
    setError(undefined);
    try {
      // The format the preview found, so the file is read exactly as previewed.
      const res = await api.importFile(file, { format: preview.format, mode: 'apply', on_unmatched: skip ? 'skip' : 'reject' });
      setResult({ report: res.data, collection: res.meta.collection });
      setPreview(null);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Import"
        description={
          <>
            Bring your collection from Moxfield, ManaBox, Deckbox, Archidekt, Dragon Shield or TCGplayer (their CSV exports), or from
            this service's own CSV or JSON export. You see what will happen before anything is written.
          </>
        }
      />
      <section className="panel" aria-labelledby="upload-h">
        <div className="panel-header">
          <h2 id="upload-h">Choose a file</h2>
        </div>
        <form className="panel-body stack" onSubmit={previewFile}>
          <div className="field">
            <label htmlFor="import-file">File</label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.json,text/csv,application/json"
              aria-describedby="import-file-hint"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
            <p id="import-file-hint" className="hint">
              A UTF-8 CSV or JSON export (25 MB at most, unless this server allows more). From Excel, save as “CSV UTF-8”.
            </p>
          </div>
          <Select
            label="Format"
            value={format}
            onChange={(e) => {
              setFormat(e.target.value as ImportFormat | 'auto');
              reset();
            }}
          >
            {FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
          <div className="button-group">
            <button type="submit" className="button button-primary" disabled={!file || busy !== null}>
              {busy === 'preview' ? 'Reading the file…' : 'Preview import'}
            </button>
          </div>
        </form>
      </section>

      {/* Each outcome takes focus as it appears: the button that started it was disabled meanwhile, which dropped focus (WCAG 2.4.3). */}
      {error !== undefined && (
        <FocusOnMount key="error">
          <ImportError error={error} />
        </FocusOnMount>
      )}
      {result && (
        <FocusOnMount key="result">
          <ImportResult report={result.report} collection={result.collection} />
        </FocusOnMount>
      )}
      {preview && (
        <FocusOnMount key="preview">
          <Preview report={preview} skip={skip} onSkip={setSkip} onApply={apply} applying={busy === 'apply'} />
        </FocusOnMount>
      )}
    </>
  );
}

/** Moves focus to what it wraps when it appears (its first alert, status or heading). */
function FocusOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current?.querySelector<HTMLElement>('[role="alert"], [role="status"], h2');
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    }
  }, []);
  return <div ref={ref}>{children}</div>;
}

function ImportError({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'unknown_import_format' && Array.isArray(error.problem.columns)) {
    return (
      <Notice tone="danger" role="alert" title="This file's columns match no app we know">
        <p>Its header line names: {(error.problem.columns as unknown[]).map(String).join(', ')}.</p>
        <p>Choose its app under Format and preview again.</p>
      </Notice>
    );
  }
  return <ErrorNotice error={error} title={error instanceof ApiError && error.status === 413 ? 'The file is too large' : 'The file could not be imported'} />;
}

function Stats({ report }: { report: ImportReport }) {
  const stats = [
    { label: 'Rows read', value: report.rows, note: FORMAT_NAMES[report.format] },
    { label: 'New entries', value: report.entries_created, note: plural(report.cards_added, 'card') + ' in all' },
    { label: 'Merged into yours', value: report.entries_merged, note: 'entries whose quantity grows' },
    { label: 'Not matched', value: report.unmatched_count, note: report.unmatched_count ? 'rows listed below' : 'every row matched' },
  ];
  return (
    <div className="stats">
      {stats.map((s) => (
        <div key={s.label} className="stat" data-testid={`stat-${s.label.toLowerCase().replace(/\s+/g, '-')}`}>
          <div className="stat-label">{s.label}</div>
          <div className="stat-value">{s.value.toLocaleString('en')}</div>
          <div className="stat-note">{s.note}</div>
        </div>
      ))}
    </div>
  );
}

function Preview({ report, skip, onSkip, onApply, applying }: { report: ImportReport; skip: boolean; onSkip: (v: boolean) => void; onApply: () => void; applying: boolean }) {
  const blocked = report.unmatched_count > 0 && !skip;
  const nothing = report.entries_created + report.entries_merged === 0;
  return (
    <section aria-labelledby="preview-h">
      <h2 id="preview-h" className="section-title">
        Preview: nothing has been written yet
      </h2>
      <Stats report={report} />
      {report.unmatched_count > 0 && (
        <section className="panel" aria-labelledby="unmatched-h">
          <div className="panel-header">
            <h3 id="unmatched-h">Rows that could not be imported</h3>
            <Badge tone="danger">{report.unmatched_count.toLocaleString('en')}</Badge>
          </div>
          <div className="table-scroll">
            <table className="table table-compact" data-testid="unmatched">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Line</th>
                  <th scope="col">Why</th>
                  <th scope="col">As written</th>
                </tr>
              </thead>
              <tbody>
                {report.unmatched.map((u) => (
                  <tr key={u.row} className="row-unmatched" data-line={u.line ?? ''}>
                    <td>{u.row}</td>
                    <td>{u.line ?? '—'}</td>
                    <td>{u.reason}</td>
                    <td>
                      <code className="wrap">{u.raw}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.unmatched.length < report.unmatched_count && (
            <p className="panel-body muted small">The first {report.unmatched.length.toLocaleString('en')} are listed.</p>
          )}
        </section>
      )}
      <section className="panel" aria-labelledby="entries-h">
        <div className="panel-header">
          <h3 id="entries-h">What the import writes</h3>
          <span className="muted">{plural(report.entries_created + report.entries_merged, 'entry', 'entries')}</span>
        </div>
        {nothing ? (
          <p className="panel-body muted">No entries: no row could be imported.</p>
        ) : (
          <div className="table-scroll">
            <table className="table table-compact" data-testid="planned">
              <thead>
                <tr>
                  <th scope="col">Action</th>
                  <th scope="col">Card</th>
                  <th scope="col">Printing</th>
                  <th scope="col">Finish</th>
                  <th scope="col">Condition</th>
                  <th scope="col">Language</th>
                  <th scope="col">Copies</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Rows</th>
                </tr>
              </thead>
              <tbody>
                {report.entries.map((e) => (
                  <tr key={`${e.card_id} ${e.finish} ${e.condition} ${e.language} ${e.binder_id ?? ''}`} data-action={e.action}>
                    <td>{e.action === 'create' ? <Badge tone="success">New</Badge> : <Badge tone="info">Merge</Badge>}</td>
                    <td className="cell-strong">{e.name}</td>
                    <td>
                      {e.set.toUpperCase()} {e.collector_number}
                    </td>
                    <td>{e.finish}</td>
                    <td>{CONDITION_NAMES[e.condition] ?? e.condition}</td>
                    <td>{e.language}</td>
                    <td>+{e.quantity.toLocaleString('en')}</td>
                    <td>{e.purchase_price === null ? <span className="muted">—</span> : `$${e.purchase_price}`}</td>
                    <td>{e.tags.join(', ')}</td>
                    <td className="muted">{e.rows.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {report.entries.length < report.entries_created + report.entries_merged && (
          <p className="panel-body muted small">The first {report.entries.length.toLocaleString('en')} are listed.</p>
        )}
      </section>
      {report.binders_created.length > 0 && (
        <Notice tone="info" title={`The import makes ${plural(report.binders_created.length, 'binder')}`}>
          <p data-testid="binders-created">
            The file names {report.binders_created.length === 1 ? 'a binder' : 'binders'} you have none of: {report.binders_created.join(', ')}.
            Applying creates {report.binders_created.length === 1 ? 'it' : 'them'}, at the end of your binders, with the entries.
          </p>
        </Notice>
      )}
      {report.warnings_count > 0 && (
        <Notice tone="warning" title={`${plural(report.warnings_count, 'note')} on the file`}>
          <ul className="plain-list">
            {report.warnings.map((w) => (
              <li key={`${w.row ?? '-'}:${w.message}`}>
                {w.line !== null ? `Line ${w.line}: ` : w.row !== null ? `Row ${w.row}: ` : ''}
                {w.message}
              </li>
            ))}
          </ul>
        </Notice>
      )}
      <div className="panel panel-body stack">
        {report.unmatched_count > 0 && (
          <label className="checkbox">
            <input type="checkbox" checked={skip} onChange={(e) => onSkip(e.target.checked)} />{' '}
            Skip the {plural(report.unmatched_count, 'row')} that could not be imported, and import the rest
          </label>
        )}
        <div className="button-group">
          <button type="button" className="button button-primary" onClick={onApply} disabled={blocked || nothing || applying}>
            {applying ? 'Importing…' : 'Apply import'}
          </button>
          {blocked && <span className="muted small">Fix the rows above in the file, or choose to skip them.</span>}
        </div>
      </div>
    </section>
  );
}

function ImportResult({ report, collection }: { report: ImportReport; collection?: CollectionTotals }) {
  return (
    <Notice tone="success" role="status" title="Import done">
      <p data-testid="import-result">
        {plural(report.entries_created, 'new entry', 'new entries')}, {plural(report.entries_merged, 'entry', 'entries')} merged,{' '}
        {plural(report.cards_added, 'card')} added
        {report.unmatched_count > 0 ? `; ${plural(report.unmatched_count, 'row')} skipped` : ''}.
      </p>
      {report.binders_created.length > 0 && (
        <p data-testid="binders-created">
          {plural(report.binders_created.length, 'binder')} created: {report.binders_created.join(', ')}.
        </p>
      )}
      {collection && (
        <p data-testid="collection-total">
          Your collection now holds {plural(collection.total, 'entry', 'entries')} ({plural(collection.total_quantity, 'card')}).
        </p>
      )}
    </Notice>
  );
}
