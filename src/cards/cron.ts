/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week, UTC) for the
 * scheduled card refresh: `*`, numbers, ranges `a-b`, lists `a,b`, steps `*\/n` and
 * `a-b/n`, Sunday as 0 or 7, and `@hourly`, `@daily`, `@weekly`, `@monthly`. As in
 * cron, when both day fields are restricted a day matching either one counts.
 */
export class CronError extends Error {}

export interface Cron {
  expression: string;
  /** The first matching minute strictly after `after`. */
  next(after: Date): Date;
}

const ALIASES: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
};

function field(text: string, min: number, max: number, name: string): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new CronError(`bad ${name} field "${text}"`);
    const step = m[4] ? Number(m[4]) : 1;
    let lo = min;
    let hi = max;
    if (m[1] !== '*') {
      lo = Number(m[2]);
      hi = m[3] !== undefined ? Number(m[3]) : m[4] ? max : lo;
    }
    if (step < 1 || lo < min || hi > max || lo > hi) throw new CronError(`${name} field "${text}" is out of range ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

export function parseCron(expression: string): Cron {
  const expr = ALIASES[expression.trim()] ?? expression.trim();
  const parts = expr.split(/\s+/);
  if (parts.length !== 5) throw new CronError(`"${expression}" needs five fields: minute hour day-of-month month day-of-week`);
  const [mi, ho, dm, mo, dw] = parts as [string, string, string, string, string];
  const minutes = field(mi, 0, 59, 'minute');
  const hours = field(ho, 0, 23, 'hour');
  const days = field(dm, 1, 31, 'day-of-month');
  const months = field(mo, 1, 12, 'month');
  const weekdays = field(dw, 0, 7, 'day-of-week');
  if (weekdays.has(7)) weekdays.add(0);
  const anyDay = dm === '*';
  const anyWeekday = dw === '*';
  const dayMatches = (d: Date) => {
    const dom = days.has(d.getUTCDate());
    const dow = weekdays.has(d.getUTCDay());
    if (anyDay && anyWeekday) return true;
    if (anyDay) return dow;
    if (anyWeekday) return dom;
    return dom || dow;
  };
  return {
    expression,
    next(after: Date): Date {
      const t = new Date(after.getTime());
      t.setUTCSeconds(0, 0);
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      // Day by day, then minute by minute within a matching day: at most ~4 years of days.
      for (let guard = 0; guard < 366 * 5; guard++) {
        if (months.has(t.getUTCMonth() + 1) && dayMatches(t)) {
          for (;;) {
            if (hours.has(t.getUTCHours()) && minutes.has(t.getUTCMinutes())) return t;
            const day = t.getUTCDate();
            t.setUTCMinutes(t.getUTCMinutes() + 1);
            if (t.getUTCDate() !== day) break;
          }
        } else {
          t.setUTCDate(t.getUTCDate() + 1);
          t.setUTCHours(0, 0, 0, 0);
        }
      }
      throw new CronError(`"${expression}" never fires`);
    },
  };
}
