/**
 * Regular expressions of `name:/.../`, `o:/.../` and the other text keywords, run by
 * RE2's linear-time engine (re2js: pure JavaScript, RE2 semantics), so no pattern can
 * stall the process: a pattern RE2 cannot run (backreferences, lookarounds) is refused.
 *
 * Like Scryfall: case-insensitive, `^`/`$` match at line starts and ends, and its
 * shorthands `\sm` (a mana symbol), `\ss` (any symbol), `\spt` (X/X), `\spp` (+X/+X),
 * `\smm` (-X/-X) are understood. The texts searched are folded (lower case, no
 * diacritics, ligatures spelt out), so every letter a pattern names literally is folded the
 * same way: `/é/` is `/e/`, `/æ/` is `/(?:ae)/`.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';
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
  // {½} as the folded texts spell it.
  ['\\sm', `\\{(?:[0-9]+|[wubrgcxyzs]|[wubrgc2]/[wubrgp](?:/p)?|h[wubrg]|${fold('½')}|∞)\\}`],
  ['\\ss', '\\{[^{}]+\\}'],
];

/** A folded character as a literal: what it folds to may be a metacharacter (full-width "｜" is "|"). */
function quoted(s: string, inClass: boolean): string {
  return s.replace(inClass ? /[\\\][^-]/g : /[\\.+*?()|[\]{}^$]/g, '\\$&');
}

const hex = (ch: string) => (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');

/**
 * A character outside ASCII that the pattern names literally, folded as the texts are. `atom`:
 * whether something a combining accent can sit on comes just before it (outside a class);
 * `rangeEnd`: whether it is an end of a range in a class. What cannot be folded faithfully
 * is refused rather than left to match something else.
 */
function foldedChar(ch: string, inClass: boolean, atom: boolean, rangeEnd: boolean): string {
  const folded = fold(ch);
  // Changed at most in case, which RE2 already ignores: written as it is (a range stays a range).
  if (folded === ch.toLowerCase()) return ch;
  if (folded === '') {
    // The texts lose their accents: one after a letter goes with it (q + U+0301 is q). On its
    // own, dropping it would leave an empty branch, which matches every text.
    if (atom && !inClass) return '';
    throw new RegexError(`the accent U+${hex(ch)} must follow a letter: texts are searched without accents`);
  }
  const single = [...folded].length === 1;
  if (!inClass) return single ? quoted(folded, false) : `(?:${quoted(folded, false)})`;
  if (rangeEnd) throw new RegexError(`"${ch}" cannot start or end a range in [...]: texts are searched without accents, where it is "${folded}"; write the range in plain letters`);
  if (!single) throw new RegexError(`"${ch}" cannot be in [...]: texts are searched with it spelt "${folded}"; write (?:${folded}) instead`);
  return quoted(folded, true);
}

const CODE_ESCAPE = /^\\(?:u([0-9a-fA-F]{4})|x\{([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2}))/;

/** Scryfall's shorthands expanded, `\uHHHH` as RE2 writes it, the letters named folded as the texts are. */
function translate(pattern: string): string {
  // Composed first, so that "e" and a combining accent typed apart fold as "é" does.
  const p = pattern.normalize('NFC');
  let out = '';
  let inClass = false;
  /** Where the current class's first item is. */
  let classBody = 0;
  /** Whether the last thing read is one an accent could sit on (a letter, an escape, a group...). */
  let atom = false;
  /** Whether the character at `i` (of `width` units) is an end of a range in a class. */
  const rangeEnd = (i: number, width: number) =>
    inClass && ((p[i - 1] === '-' && i - 1 > classBody && p[i - 2] !== '\\') || (p[i + width] === '-' && p[i + width + 1] !== undefined && p[i + width + 1] !== ']'));
  for (let i = 0; i < p.length; ) {
    const ch = String.fromCodePoint(p.codePointAt(i) ?? 0);
    if (ch === '\\') {
      const rest = p.slice(i);
      const short = inClass ? undefined : SHORTHANDS.find(([s]) => rest.startsWith(s));
      if (short) {
        out += short[1];
        i += short[0].length;
        atom = true;
        continue;
      }
      const code = CODE_ESCAPE.exec(rest);
      const point = code ? Number.parseInt(code[1] ?? code[2] ?? code[3] ?? '', 16) : undefined;
      if (code && point !== undefined && point <= 0x10ffff) {
        // A character given by its code is named literally too: \u00e9 is é.
        const c = String.fromCodePoint(point);
        const folded = point > 0x7f ? foldedChar(c, inClass, atom, rangeEnd(i, code[0].length)) : c;
        out += folded === c ? `\\x{${hex(c)}}` : folded;
        i += code[0].length;
        atom = true;
        continue;
      }
      const next = String.fromCodePoint(p.codePointAt(i + 1) ?? 0);
      if (i + 1 < p.length && (next.codePointAt(0) ?? 0) > 0x7f) {
        out += foldedChar(next, inClass, atom, rangeEnd(i, 1 + next.length));
        i += 1 + next.length;
        atom = true;
        continue;
      }
      out += p.slice(i, i + 2);
      i += 2;
      atom = true;
      continue;
    }
    if ((ch.codePointAt(0) ?? 0) > 0x7f) {
      out += foldedChar(ch, inClass, atom, rangeEnd(i, ch.length));
      i += ch.length;
      atom = true;
      continue;
    }
    if (ch === '[' && !inClass) {
      inClass = true;
      classBody = p[i + 1] === '^' ? i + 2 : i + 1;
    } else if (ch === ']' && inClass) {
      inClass = false;
    }
    out += ch;
    i += 1;
    atom = !'(|^$*+?{'.includes(ch);
  }
  return out;
}

/**
 * Literal runs every match must contain, read conservatively off the pattern: only at the
 * top level (no alternation there), outside groups and classes, dropping a character a
 * quantifier makes optional. Empty when nothing is certain.
 */
const QUANTIFIER = /^\{\d+(?:,\d*)?\}/;
/** Escapes longer than a backslash and a letter: a code (\x{e9}, \xe9), a class (\p{Greek}, \pL), octal (\144), quoted text (\Q...\E). */
const LONG_ESCAPE = /^\\(?:x\{[^}]*\}|x[0-9A-Fa-f]{0,2}|[pP]\{[^}]*\}|[pP].|[0-7]{1,3}|Q[\s\S]*?(?:\\E|$))/;

/** How many characters the escape at `i` spans (at least the backslash and the one after it). */
function escapeWidth(source: string, i: number): number {
  return Math.max(2, LONG_ESCAPE.exec(source.slice(i))?.[0].length ?? 2);
}

export function requiredLiterals(source: string): string[] {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === '\\') i += escapeWidth(source, i) - 1;
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
      if (ch === '\\') i += escapeWidth(source, i) - 1;
      else if (ch === ']') inClass = false;
      continue;
    }
    if (depth > 0) {
      if (ch === '\\') i += escapeWidth(source, i) - 1;
      else if (ch === '[') inClass = true;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
      continue;
    }
    let literal: string | undefined;
    let width = 1;
    if (ch === '\\') {
      // Escaped punctuation is itself; \d, \w, \b, \n, \x{64}, \p{L}, \144 and the like are not literals.
      if (next !== '' && /[^A-Za-z0-9]/.test(next)) {
        literal = next;
        width = 2;
      } else width = escapeWidth(source, i);
    } else if (ch === '{' && QUANTIFIER.test(source.slice(i))) {
      // A repeat count ({2}, {1,2}) is no text: the character before it already ended its run.
      width = (QUANTIFIER.exec(source.slice(i))?.[0].length ?? 1);
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

/**
 * RE2's reason, quoting the part of the pattern at fault as the user wrote it. RE2 quotes
 * what it compiled: the flags as a "(?m)(?i)" prefix, shorthands expanded, letters folded;
 * for a fault of the whole pattern (an unclosed group), all of it. What the user did not
 * write is replaced by their pattern.
 */
function reasonOf(err: unknown, pattern: string): string {
  if (!(err instanceof RE2JSSyntaxException)) return err instanceof Error ? err.message : String(err);
  const at = err.input;
  if (!at) return err.error;
  return `${err.error}: \`${pattern.includes(at) ? at : pattern}\``;
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
    // Backreferences and lookarounds are what linear-time matching gives up; anything else is a typo.
    const unsupported = /\\[1-9]|\(\?<?[=!]/.test(pattern);
    throw new RegexError(
      unsupported
        ? `cannot run the regular expression /${pattern}/ in linear time: ${reasonOf(err, pattern)}`
        : `/${pattern}/ is not a valid regular expression: ${reasonOf(err, pattern)}`,
    );
  }
  const compiled: CompiledRegex = { source, test: (text) => re.test(text), required: requiredLiterals(source) };
  if (cache.size >= 500) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}
