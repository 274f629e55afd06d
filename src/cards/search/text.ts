/** Text normalisation shared by the index, the matcher and name lookups. */

const COMBINING = /[\u0300-\u036f]/g;

/** Lower case without diacritics: "Lim-Dûl" -> "lim-dul", "Æther" -> "aether". */
export function fold(s: string): string {
  const out = s.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the class is every non-ASCII character; \x00 is its lower bound, not a control character searched for.
  return /[^\x00-\x7f]/.test(out) ? foldUnicode(out) : out;
}

// Texts outside ASCII (an em dash in flavour text, printed names) repeat across printings
// and languages; normalising is the slow part, so the last results are kept.
const unicodeFolds = new Map<string, string>();

// Characters compatibility decomposition changes that matter here: accented Latin, Greek
// and Cyrillic, punctuation, letterlike and number forms, ligatures, full-width forms. Text
// in other scripts (Japanese, Chinese, Korean...) is left as written, by queries alike.
const DECOMPOSABLE = /[\u00a0-\u24ff\ufb00-\ufb4f\uff00-\uffef]/;

function foldUnicode(lower: string): string {
  if (!DECOMPOSABLE.test(lower)) return lower;
  let out = unicodeFolds.get(lower);
  if (out === undefined) {
    out = lower.normalize('NFKD').replace(COMBINING, '').replace(/æ/g, 'ae').replace(/œ/g, 'oe').replace(/[’‘]/g, "'").replace(/[“”]/g, '"');
    if (unicodeFolds.size >= 50_000) unicodeFolds.clear();
    unicodeFolds.set(lower, out);
  }
  return out;
}

/** Folded, punctuation dropped, spaces collapsed: "Teferi, Time Raveler" -> "teferi time raveler". */
export function loose(s: string): string {
  return looseFolded(fold(s));
}

/** `loose` of a string already folded. */
export function looseFolded(folded: string): string {
  return folded
    .replace(/\/\//g, ' ')
    .replace(/[^a-z0-9\s]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name's loose forms: `loose`, and, for a hyphenated name, the same with hyphens read as
 * spaces, so "niv mizzet" finds "Niv-Mizzet" as "nivmizzet" does ("god eternal", "mizzet").
 */
export function looseForms(s: string): string[] {
  return looseFormsFolded(fold(s));
}

/** `looseForms` of a string already folded. */
export function looseFormsFolded(folded: string): string[] {
  const joined = looseFolded(folded);
  if (!folded.includes('-')) return [joined];
  const spaced = looseFolded(folded.replace(/-/g, ' '));
  return spaced === joined ? [joined] : [joined, spaced];
}

/** Folded with everything but letters and digits removed: for typo-tolerant name matching. */
export function compact(s: string): string {
  return compactFolded(fold(s));
}

/** `compact` of a string already folded. */
export function compactFolded(folded: string): string {
  return folded.replace(/[^a-z0-9]+/g, '');
}

/**
 * Damerau-Levenshtein (optimal string alignment) distance, giving up once it must
 * exceed `max` (returns max + 1) so scanning many names stays cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  // Three rows of the distance matrix; every index read is within 0..lb.
  let prevPrev = new Int32Array(lb + 1);
  let prev = Int32Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Int32Array(lb + 1);
  const at = (row: Int32Array, j: number) => row[j] ?? 0;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(at(prev, j) + 1, at(cur, j - 1) + 1, at(prev, j - 1) + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, at(prevPrev, j - 2) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return at(prev, lb);
}
