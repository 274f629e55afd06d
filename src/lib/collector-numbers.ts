/**
 * Collector numbers as people and apps write them. Scryfall's are `221`, `221★`, `A-81`, `15b`,
 * `H13`; lists write `0221`, `221*` (MTGO and most apps for the star), `a-81`, `15B`.
 */

/**
 * Every spelling of `number` worth looking up, as written first: without leading zeros, with
 * `*` read as `★`, and in lower and upper case, alone and together (`0184*` is `184★`).
 */
export function collectorNumberVariants(number: string): string[] {
  const n = number.trim();
  const out: string[] = [];
  for (const base of [n, n.replace(/^0+(?=\d)/, '')]) {
    for (const starred of [base, base.replace(/\*/g, '★')]) out.push(starred, starred.toLowerCase(), starred.toUpperCase());
  }
  return [...new Set(out)].filter((v) => v !== '');
}

/** Whether a number as written names the printing numbered `stored` (any spelling above, any case). */
export function namesCollectorNumber(written: string, stored: string): boolean {
  const s = stored.toLowerCase();
  return collectorNumberVariants(written).some((v) => v.toLowerCase() === s);
}

/** A number's leading digits as a number (NaN when it starts otherwise: `A-81`, `H13`, `★1`). */
function leadingValue(number: string): number {
  const m = /^\d+/.exec(number);
  return m ? Number(m[0]) : NaN;
}

/**
 * A set's order, as `order:set` sorts its printings: by the leading number, then as text
 * (`1` < `1★` < `2` < `10` < `10a`); numbers that do not start with a digit come last.
 */
export function compareCollectorNumbers(a: string, b: string): number {
  const va = leadingValue(a);
  const vb = leadingValue(b);
  if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
  if (va !== vb && !Number.isNaN(va)) return va - vb;
  return a < b ? -1 : a > b ? 1 : 0;
}
