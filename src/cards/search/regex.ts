/**
 * Regular expressions of `name:/.../`, `o:/.../` and the other text keywords, run by
 * RE2's linear-time engine (re2js: pure JavaScript, RE2 semantics), so no pattern can
 * stall the process: a pattern RE2 cannot run (backreferences, lookarounds) is refused.
 *
 * Like Scryfall: case-insensitive, `^`/`$` match at line starts and ends, and its
 * shorthands `\sm` (a mana symbol), `\ss` (any symbol), `\spt` (X/X), `\spp` (+X/+X),
 * `\smm` (-X/-X) are understood. The texts searched are folded (lower case, no
 * diacritics), so literal letters in a pattern are folded the same way.
 */
import { RE2JS } from 're2js';
import { fold } from './text.js';

export class RegexError extends Error {}

export interface CompiledRegex {
  /** The pattern as RE2 runs it. */
  source: string;
  test(text: string): boolean;
  /** Strings every match contains: the values without them cannot match (a trigram prefilter). */
  required: string[];
}

const STAT = '(?:[0-9]+|x|\\*)';
const SHORTHANDS: Array<[string, string]> = [
  ['\\spt', `${STAT}/${STAT}`],
  ['\\spp', `\\+${STAT}/\\+${STAT}`],
  ['\\smm', `-${STAT}/-${STAT}`],
  ['\\sm', '\\{(?:[0-9]+|[wubrgcxyzs]|[wubrgc2]/[wubrgp](?:/p)?|h[wubrg]|½|∞)\\}'],
  ['\\ss', '\\{[^{}]+\\}'],
];

/** Scryfall's shorthands expanded, `\uHHHH` as RE2 writes it, literal letters folded. */
function translate(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; ) {
    const ch = pattern.charAt(i);
    if (ch === '\\') {
      const rest = pattern.slice(i);
      const short = inClass ? undefined : SHORTHANDS.find(([s]) => rest.startsWith(s));
      if (short) {
        out += short[1];
        i += short[0].length;
        continue;
      }
      const u = /^\\u([0-9a-fA-F]{4})/.exec(rest);
      if (u) {
        out += `\\x{${u[1] ?? ''}}`;
        i += 6;
        continue;
      }
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === '[' && !inClass) inClass = true;
    else if (ch === ']' && inClass) inClass = false;
    out += ch.charCodeAt(0) > 0x7f ? fold(ch) : ch;
    i += 1;
  }
  return out;
}

/**
 * Literal runs every match must contain, read conservatively off the pattern: only at the
 * top level (no alternation there), outside groups and classes, dropping a character a
 * quantifier makes optional. Empty when nothing is certain.
 */
export function requiredLiterals(source: string): string[] {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) return [];
  }
  const runs: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length >= 3) runs.push(run);
    run = '';
  };
  depth = 0;
  inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    const next = source.charAt(i + 1);
    if (inClass) {
      if (ch === '\\') i++;
      else if (ch === ']') inClass = false;
      continue;
    }
    if (depth > 0) {
      if (ch === '\\') i++;
      else if (ch === '[') inClass = true;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
      continue;
    }
    let literal: string | undefined;
    let width = 1;
    if (ch === '\\') {
      // Escaped punctuation is itself; \d, \w, \b, \n and the like are not literals.
      literal = /[^A-Za-z0-9]/.test(next) ? next : undefined;
      width = 2;
    } else if (ch === '(') {
      depth++;
    } else if (ch === '[') {
      inClass = true;
    } else if (!'.^$*+?{}|)'.includes(ch)) {
      literal = ch;
    }
    const after = source.charAt(i + width);
    if (literal === undefined) {
      flush();
    } else if (after === '*' || after === '?' || (after === '{' && /^\{0[,}]/.test(source.slice(i + width)))) {
      // The character is optional: the run ends before it.
      flush();
    } else {
      run += literal.toLowerCase();
      // A repeated character is still required once, but what follows need not be adjacent.
      if (after === '+' || after === '{') flush();
    }
    i += width - 1;
  }
  flush();
  return runs;
}

const cache = new Map<string, CompiledRegex>();

/** Compiles a pattern for matching folded texts; throws RegexError with RE2's reason. */
export function compileRegex(pattern: string): CompiledRegex {
  const known = cache.get(pattern);
  if (known) return known;
  const source = translate(pattern);
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE | RE2JS.MULTILINE);
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    throw new RegexError(`cannot run the regular expression /${pattern}/ in linear time: ${reason}`);
  }
  const compiled: CompiledRegex = { source, test: (text) => re.test(text), required: requiredLiterals(source) };
  if (cache.size >= 500) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}
