import { useEffect, useMemo, useState } from 'react';
import { api } from '../api';
import { BarList, StackedBars } from '../components/charts';
import { EmptyState, ErrorNotice, PageHeader, Select, Spinner, useLoad } from '../components/ui';
import { formatDateTime, formatNumber, formatPercent } from '../format';
import { useQueryParam } from '../router';

const LAST_DAY = { id: '24h', label: 'Last 24 hours', ms: 24 * 3_600_000, granularity: 'hour' as const };
const RANGES = [
  LAST_DAY,
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000, granularity: 'hour' as const },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000, granularity: 'day' as const },
  { id: '90d', label: 'Last 90 days', ms: 90 * 86_400_000, granularity: 'day' as const },
];

// What the address may carry (`?key=`, `?app=`, `?range=`, `?buckets=`): ids of our own shape only.
const anyId = (v: string): v is string => /^[A-Za-z0-9_-]{1,100}$/.test(v);
const rangeId = (v: string): v is string => RANGES.some((r) => r.id === v);
const bucket = (v: string): v is 'hour' | 'day' | '' => v === 'hour' || v === 'day';

function flushEvery(ms: number): string {
  const s = Math.round(ms / 1000);
  return s <= 1 ? 'every second' : `every ${s} seconds`;
}

export function UsagePage() {
  const keys = useLoad(() => api.keys().then((r) => r.data), []);
  const authorized = useLoad(() => api.authorizedApps().then((r) => r.data), []);
  const [keyId, setKeyId] = useQueryParam('key', '', anyId);
  const [appId, setAppId] = useQueryParam('app', '', anyId);
  const [rangeChoice, setRangeChoice] = useQueryParam('range', LAST_DAY.id, rangeId);
  const range = RANGES.find((r) => r.id === rangeChoice) ?? LAST_DAY;
  // Empty: the range's own buckets (hourly up to a week, daily beyond).
  const [buckets, setBuckets] = useQueryParam<'hour' | 'day' | ''>('buckets', '', bucket);
  const granularity = buckets || range.granularity;
  const [tick, setTick] = useState(0);
  // A key named by an old link that this account does not have would only fetch a "not found":
  // fall back to all keys once the list is known.
  useEffect(() => {
    if (keyId && keys.data && !keys.data.some((k) => k.id === keyId)) setKeyId('');
  }, [keyId, keys.data, setKeyId]);
  // One or the other, as the selects allow: a link naming both keeps the key.
  useEffect(() => {
    if (keyId && appId) setAppId('');
  }, [keyId, appId, setAppId]);
  // Hourly buckets are offered up to a month; longer ranges are daily only.
  const hourAllowed = range.ms <= 31 * 86_400_000;
  const effective = hourAllowed ? granularity : 'day';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-anchors the range at "now" on Refresh.
  const query = useMemo(() => {
    const to = new Date();
    return {
      key_id: keyId || undefined,
      application_id: appId || undefined,
      from: new Date(to.getTime() - range.ms).toISOString(),
      to: to.toISOString(),
      granularity: effective,
    };
  }, [keyId, appId, range, effective, tick]);
  const usage = useLoad(() => api.usage(query).then((r) => r.data), [query]);
  const report = usage.data;
  const keyName = keyId ? keys.data?.find((k) => k.id === keyId)?.name : undefined;
  // Applications you authorized, plus any that made requests in this range (a revoked one still has history).
  const appOptions = useMemo(() => {
    const byId = new Map<string, string>();
    for (const a of authorized.data ?? []) byId.set(a.client_id, a.name);
    for (const a of report?.applications ?? []) if (!byId.has(a.application_id)) byId.set(a.application_id, a.name ?? 'Deleted application');
    // Chosen by a link, and neither authorized now nor seen in this range: still the choice shown.
    if (appId && authorized.data && !byId.has(appId)) byId.set(appId, 'An application not authorized now');
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [authorized.data, report, appId]);
  const appName = appId ? appOptions.find((a) => a.id === appId)?.name : undefined;

  return (
    <>
      <PageHeader
        title="Usage"
        description="Requests made with your API keys and by the applications you authorized, by status and by endpoint."
        actions={
          <button type="button" className="button button-secondary" onClick={() => setTick((t) => t + 1)} disabled={usage.loading}>
            Refresh
          </button>
        }
      />
      <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label="Usage filters">
        <Select
          label="API key"
          value={keyId}
          onChange={(e) => {
            setKeyId(e.target.value);
            if (e.target.value) setAppId('');
          }}
        >
          <option value="">All keys</option>
          {keys.data?.map((k) => (
            <option key={k.id} value={k.id}>
              {k.name} ({k.prefix}){k.status === 'revoked' ? ' · revoked' : ''}
            </option>
          ))}
        </Select>
        <Select
          label="Application"
          value={appId}
          onChange={(e) => {
            setAppId(e.target.value);
            if (e.target.value) setKeyId('');
          }}
        >
          <option value="">All applications</option>
          {appOptions.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
        <Select
          label="Time range"
          value={rangeChoice}
          onChange={(e) => {
            const next = RANGES.find((r) => r.id === e.target.value) ?? LAST_DAY;
            setRangeChoice(next.id);
            setBuckets('');
          }}
        >
          {RANGES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </Select>
        <fieldset className="segmented">
          <legend>Buckets</legend>
          <div className="segmented-options">
            <label>
              <input type="radio" name="granularity" value="hour" checked={effective === 'hour'} disabled={!hourAllowed} onChange={() => setBuckets(range.granularity === 'hour' ? '' : 'hour')} />
              <span>Hourly</span>
            </label>
            <label>
              <input type="radio" name="granularity" value="day" checked={effective === 'day'} onChange={() => setBuckets(range.granularity === 'day' ? '' : 'day')} />
              <span>Daily</span>
            </label>
          </div>
        </fieldset>
      </form>

      <ErrorNotice error={usage.error} title="Could not load usage" />
      {!report && usage.loading && <Spinner label="Loading usage" />}
      {report && (
        <div className={usage.loading ? 'is-refreshing' : undefined} aria-busy={usage.loading}>
          <section className="stats" aria-label="Totals">
            <div className="stat">
              <p className="stat-label">Requests</p>
              <p className="stat-value" data-testid="total-requests">
                {formatNumber(report.totals.requests)}
              </p>
              <p className="stat-note">{keyName ? `with “${keyName}”` : appName ? `by “${appName}”` : 'all keys and applications'}</p>
            </div>
            <div className="stat">
              <p className="stat-label">Successful</p>
              <p className="stat-value">{formatNumber(report.totals.by_status['2xx'])}</p>
              <p className="stat-note">2xx responses</p>
            </div>
            <div className="stat">
              <p className="stat-label">Errors</p>
              <p className="stat-value">{formatNumber(report.totals.errors)}</p>
              <p className="stat-note">
                {formatNumber(report.totals.by_status['4xx'])} client · {formatNumber(report.totals.by_status['5xx'])} server
              </p>
            </div>
            <div className="stat">
              <p className="stat-label">Error rate</p>
              <p className={`stat-value ${report.totals.error_rate > 0.05 ? 'text-danger' : ''}`} data-testid="error-rate">
                {formatPercent(report.totals.error_rate)}
              </p>
              <p className="stat-note">4xx and 5xx of all requests</p>
            </div>
          </section>

          <section className="panel" aria-labelledby="over-time-h">
            <div className="panel-header">
              <h2 id="over-time-h">Requests over time</h2>
              <span className="muted small">
                {formatDateTime(report.from)} – {formatDateTime(report.to)}
              </span>
            </div>
            <div className="panel-body">
              <StackedBars series={report.series} granularity={report.granularity} title="Requests over time" />
            </div>
          </section>

          <div className="grid-2">
            <section className="panel" aria-labelledby="by-route-h">
              <div className="panel-header">
                <h2 id="by-route-h">By endpoint</h2>
              </div>
              <div className="panel-body">
                {report.routes.length === 0 ? (
                  <EmptyState title="No requests in this range" />
                ) : (
                  <BarList mono rows={report.routes.map((r) => ({ ...r, label: r.route }))} />
                )}
              </div>
            </section>
            <section className="panel" aria-labelledby="by-key-h">
              <div className="panel-header">
                <h2 id="by-key-h">By key</h2>
              </div>
              <div className="panel-body">
                {report.keys.length === 0 ? (
                  <EmptyState title="No requests in this range" />
                ) : (
                  <BarList
                    rows={report.keys.map((k) => ({
                      ...k,
                      id: k.key_id,
                      label: k.name ?? 'Deleted key',
                      sublabel: `${k.prefix ?? k.key_id}${k.status === 'revoked' ? ' · revoked' : ''}`,
                    }))}
                  />
                )}
              </div>
            </section>
          </div>
          <section className="panel" aria-labelledby="by-app-h">
            <div className="panel-header">
              <h2 id="by-app-h">By application</h2>
            </div>
            <div className="panel-body">
              {report.applications.length === 0 ? (
                <EmptyState title="No requests from applications in this range" />
              ) : (
                <BarList
                  rows={report.applications.map((a) => ({
                    ...a,
                    id: a.application_id,
                    label: a.name ?? 'Deleted application',
                    sublabel: a.application_id,
                  }))}
                />
              )}
            </div>
          </section>
          <p className="muted small footnote">
            Counts are collected in memory and saved {flushEvery(report.flush_interval_ms)}, so the latest requests can take that long to
            appear.
          </p>
        </div>
      )}
    </>
  );
}
