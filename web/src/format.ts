const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeWithSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const integer = new Intl.NumberFormat();
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatPreciseTime(iso: string): string {
  return timeWithSeconds.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export function formatNumber(n: number): string {
  return integer.format(n);
}

export function formatPercent(ratio: number): string {
  if (ratio === 0) return '0%';
  const pct = ratio * 100;
  return `${pct < 1 ? pct.toFixed(2) : pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
}

/** "3 minutes ago" style, falling back to the date for anything older than a month. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'Never';
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return 'just now';
  if (abs < 3_600_000) return relative.format(Math.round(diff / 60_000), 'minute');
  if (abs < 86_400_000) return relative.format(Math.round(diff / 3_600_000), 'hour');
  if (abs < 30 * 86_400_000) return relative.format(Math.round(diff / 86_400_000), 'day');
  return formatDate(iso);
}

/** For a value that starts a table cell: "just now" -> "Just now". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * The top of the axis: four times a round step (1, 2, 5, and 25 from 10 up, times a power of
 * ten), so each of the four gridlines falls on a whole number and is labelled with its own value.
 */
export function axisTop(n: number): number {
  const need = n / 4;
  for (let pow = 1; ; pow *= 10) {
    for (const m of pow >= 10 ? [1, 2, 2.5, 5] : [1, 2, 5]) if (m * pow >= need) return 4 * m * pow;
  }
}
