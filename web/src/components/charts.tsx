import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { StatusClass, StatusCounts } from '../api';
import { axisTop, formatNumber, formatPercent } from '../format';

export const STATUS_CLASSES: Array<{ key: StatusClass; label: string }> = [
  { key: '2xx', label: '2xx success' },
  { key: '3xx', label: '3xx redirect' },
  { key: '4xx', label: '4xx client error' },
  { key: '5xx', label: '5xx server error' },
  { key: '1xx', label: '1xx informational' },
];

/** Status classes that actually occur, in stacking order, so the legend stays short. */
function presentClasses(rows: Array<{ by_status: StatusCounts }>): Array<{ key: StatusClass; label: string }> {
  const shown = STATUS_CLASSES.filter((c) => c.key === '2xx' || c.key === '4xx' || c.key === '5xx' || rows.some((r) => r.by_status[c.key] > 0));
  return shown;
}

export function Legend({ classes }: { classes: Array<{ key: StatusClass; label: string }> }) {
  return (
    <ul className="legend" aria-label="Legend">
      {classes.map((c) => (
        <li key={c.key}>
          <span className={`swatch fill-${c.key}`} aria-hidden="true" />
          {c.label}
        </li>
      ))}
    </ul>
  );
}

function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/** Round axis maxima: 1, 2, 5 times a power of ten. */
export interface SeriesPoint {
  start: string;
  requests: number;
  errors: number;
  by_status: StatusCounts;
}

/**
 * Requests over time, stacked by status class. Drawn at the container's real pixel
 * width so labels stay legible on a phone; the same numbers are available as a table.
 */
/** The browser's time zone as it abbreviates it ("CET", "GMT+14"), else "local time". */
function localZoneName(): string {
  return new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? 'local time';
}

export function StackedBars({ series, granularity, title }: { series: SeriesPoint[]; granularity: 'hour' | 'day'; title: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const tableId = useId();
  const classes = presentClasses(series);
  const height = 240;
  const pad = { top: 12, right: 12, bottom: 28, left: 44 };
  const innerW = Math.max(0, width - pad.left - pad.right);
  const innerH = height - pad.top - pad.bottom;
  const max = axisTop(Math.max(0, ...series.map((s) => s.requests)));
  const slot = series.length ? innerW / series.length : 0;
  const barW = Math.max(1, Math.min(28, slot * 0.72));
  // Hours over several days (the 7-day range) name their day too: "14:00" alone repeats every day.
  const severalDays = granularity === 'hour' && series.length > 24;
  const fmtLabel = (iso: string) => {
    const d = new Date(iso);
    return granularity === 'hour'
      ? d.toLocaleString(undefined, severalDays ? { weekday: 'short', hour: '2-digit', minute: '2-digit' } : { hour: '2-digit', minute: '2-digit' })
      : // A daily bucket is a UTC day (the API's): labelled in UTC, or west of Greenwich every day reads a day early.
        d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  };
  const fmtFull = (iso: string) => {
    const d = new Date(iso);
    return granularity === 'hour'
      ? d.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
      : d.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  };
  const labelEvery = Math.max(1, Math.ceil(series.length / Math.max(1, Math.floor(innerW / 72))));
  const total = series.reduce((a, s) => a + s.requests, 0);
  const peak = series.reduce<SeriesPoint | undefined>((a, s) => (!a || s.requests > a.requests ? s : a), undefined);
  const summary = `${title}: ${formatNumber(total)} requests in ${series.length} ${granularity === 'hour' ? 'hours' : 'days'}${
    peak && peak.requests > 0 ? `, peak ${formatNumber(peak.requests)} at ${fmtFull(peak.start)}` : ''
  }.`;

  return (
    <figure className="chart">
      <div ref={ref} className="chart-canvas">
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label={summary}>
            {[0, 0.25, 0.5, 0.75, 1].map((f) => {
              const y = pad.top + innerH - f * innerH;
              return (
                <g key={f} className="grid">
                  <line x1={pad.left} x2={pad.left + innerW} y1={y} y2={y} />
                  <text x={pad.left - 8} y={y} dy="0.32em" textAnchor="end">
                    {formatNumber(max * f)}
                  </text>
                </g>
              );
            })}
            {series.map((s, i) => {
              const x = pad.left + i * slot + (slot - barW) / 2;
              let y = pad.top + innerH;
              return (
                <g key={s.start}>
                  <title>{`${fmtFull(s.start)}: ${formatNumber(s.requests)} requests${s.errors ? `, ${formatNumber(s.errors)} errors` : ''}`}</title>
                  <rect x={pad.left + i * slot} y={pad.top} width={slot} height={innerH} className="hover-target" />
                  {classes.map((c) => {
                    const v = s.by_status[c.key];
                    if (!v) return null;
                    const h = (v / max) * innerH;
                    y -= h;
                    return <rect key={c.key} x={x} y={y} width={barW} height={Math.max(h, 1)} className={`fill-${c.key}`} rx={barW > 6 ? 2 : 0} />;
                  })}
                  {i % labelEvery === 0 && (
                    <text x={pad.left + i * slot + slot / 2} y={height - 8} textAnchor="middle" className="axis-label">
                      {fmtLabel(s.start)}
                    </text>
                  )}
                </g>
              );
            })}
            <line x1={pad.left} x2={pad.left + innerW} y1={pad.top + innerH} y2={pad.top + innerH} className="axis" />
          </svg>
        )}
      </div>
      <figcaption>
        <Legend classes={classes} />
        <details className="chart-table">
          <summary aria-controls={tableId}>Show as a table</summary>
          <div className="table-scroll">
            <table className="table table-compact" id={tableId}>
              <thead>
                <tr>
                  {/* Hours are the browser's local time, days the API's UTC days: each says which. */}
                  <th scope="col">{granularity === 'hour' ? `Hour (${localZoneName()})` : 'Day (UTC)'}</th>
                  <th scope="col">Requests</th>
                  {classes.map((c) => (
                    <th scope="col" key={c.key}>
                      {c.key}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {series
                  .filter((s) => s.requests > 0)
                  .map((s) => (
                    <tr key={s.start}>
                      <th scope="row">{fmtFull(s.start)}</th>
                      <td>{formatNumber(s.requests)}</td>
                      {classes.map((c) => (
                        <td key={c.key}>{formatNumber(s.by_status[c.key])}</td>
                      ))}
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}

/** One horizontal stacked bar per row (routes, keys), scaled to the busiest row. */
export function BarList({
  rows,
  mono,
}: {
  rows: Array<{ id?: string; label: string; sublabel?: string; requests: number; errors: number; error_rate: number; by_status: StatusCounts }>;
  mono?: boolean;
}) {
  const max = Math.max(1, ...rows.map((r) => r.requests));
  const classes = presentClasses(rows);
  return (
    <ul className="barlist">
      {rows.map((r) => (
        <li key={r.id ?? r.label} className="barlist-row">
          <div className="barlist-head">
            <span className={`barlist-label ${mono ? 'mono' : ''}`}>{r.label}</span>
            {r.sublabel && <span className="muted small">{r.sublabel}</span>}
            <span className="barlist-figures">
              <strong>{formatNumber(r.requests)}</strong>
              <span className={r.errors ? 'text-danger' : 'muted'}> · {formatPercent(r.error_rate)} errors</span>
            </span>
          </div>
          <svg className="barlist-bar" width="100%" height="10" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect x="0" y="0" width="100" height="10" className="track" rx="0" />
            {(() => {
              let x = 0;
              return classes.map((c) => {
                const w = (r.by_status[c.key] / max) * 100;
                const el = w > 0 ? <rect key={c.key} x={x} y="0" width={w} height="10" className={`fill-${c.key}`} /> : null;
                x += w;
                return el;
              });
            })()}
          </svg>
          <p className="visually-hidden">
            {STATUS_CLASSES.filter((c) => r.by_status[c.key] > 0)
              .map((c) => `${formatNumber(r.by_status[c.key])} ${c.label}`)
              .join(', ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
