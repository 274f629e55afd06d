import type { Config } from '../config.js';
import { ImportError, importCards, type ImportProgress } from '../cards/import.js';
import { isCalendarDay } from '../lib/day.js';
import { parse, UsageError } from './args.js';
import { withContext } from './context.js';

const USAGE = 'usage: ccs cards import <file|url> [--rulings <file|url>] [--as-of YYYY-MM-DD]';

/** A rewritten progress line on a terminal; a log line every `every` objects otherwise. */
export function progressReporter(out: NodeJS.WriteStream, every = 10_000): (p: ImportProgress) => void {
  const started = Date.now();
  let lastLogged = 0;
  let lastDraw = 0;
  return (p) => {
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? Math.round(p.count / secs) : 0;
    const pct = p.totalBytes ? ` ${Math.min(100, Math.floor((p.bytes / p.totalBytes) * 100))}%` : '';
    const mb = p.bytes ? `, ${(p.bytes / 1048576).toFixed(1)} MB` : '';
    if (out.isTTY) {
      const now = Date.now();
      if (p.phase === 'done') {
        out.write('\r\x1b[K');
        return;
      }
      if (now - lastDraw < 100 && p.phase !== 'swap') return;
      lastDraw = now;
      const line = p.phase === 'swap' ? `swapping ${p.count} printings in...` : `${p.phase}: ${p.count} read${pct}${mb} (${rate}/s)`;
      out.write(`\r\x1b[K${line}`);
      return;
    }
    if (p.phase === 'swap') out.write(`swapping ${p.count} printings into the card database\n`);
    else if ((p.phase === 'cards' || p.phase === 'rulings') && p.count - lastLogged >= every) {
      lastLogged = p.count - (p.count % every);
      out.write(`${p.phase}: ${p.count} read${pct}${mb} (${rate}/s)\n`);
    }
  };
}

export async function cardsCommand(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'import') throw new UsageError(`unknown cards command "${sub ?? ''}"`);
  const { values, positionals } = parse(rest, { rulings: { type: 'string' }, 'as-of': { type: 'string' } }, true);
  const file = positionals[0];
  if (!file && !values.rulings) throw new UsageError(USAGE);
  if (positionals.length > 1) throw new UsageError(USAGE);
  const asOf = values['as-of'];
  if (asOf !== undefined && !isCalendarDay(asOf)) {
    throw new UsageError(/^\d{4}-\d{2}-\d{2}$/.test(asOf) ? `--as-of ${asOf} is not a day on the calendar` : '--as-of must be YYYY-MM-DD');
  }
  try {
    const summary = await withContext(config, (ctx) => importCards(ctx, { file, rulings: values.rulings, asOf, progress: progressReporter(process.stderr) }));
    console.log(
      `imported ${summary.cards.total} printings (${summary.cards.inserted} new, ${summary.cards.updated} updated), ` +
        `${summary.rulings.total} rulings (${summary.rulings.inserted} new), ${summary.sets} sets in ${(summary.ms / 1000).toFixed(1)} s; ` +
        `${summary.prices} prices as of ${summary.asOf}` +
        (summary.alerts.triggered || summary.alerts.rearmed ? `; ${summary.alerts.triggered} price alerts triggered, ${summary.alerts.rearmed} re-armed` : ''),
    );
    if (summary.duplicates > 0) {
      console.error(`ccs: the file lists some printings more than once (${summary.duplicates} extra copies); the last copy of each was imported`);
    }
    if (summary.skipped > 0) {
      console.error(`ccs: skipped ${summary.skipped} record(s) that are not cards or rulings the service can use (a card needs a Scryfall id, a name and a set)`);
    }
    return 0;
  } catch (err) {
    if (err instanceof ImportError) {
      console.error(`ccs: import failed, the card database is unchanged: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
