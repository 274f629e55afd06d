import type { FieldError } from '../errors.js';

/**
 * Names people read on a screen (binders, decks, API keys, OAuth applications) may not hold
 * control characters, line or paragraph separators, or the marks that reorder text (LRM/RLM/ALM,
 * bidi embeddings, overrides and isolates). A name that draws differently from what it holds could pass for another (an
 * application's name on a consent page), and a line break or an escape breaks a list or a terminal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, every occurrence.
const HIDDEN_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Characters that draw as nothing: spaces, format characters (zero-width space and joiners, the
 * BOM, the Mongolian vowel separator) and the Hangul and Braille fillers. A name made only of
 * them passes a "not blank" check yet shows as an empty row.
 */
const INVISIBLE = /^[\s\p{Cf}\u115f\u1160\u3164\uffa0\u2800]*$/u;

/** The field error for a name holding such a character, or drawing as nothing at all; undefined when it is fine. */
export function hiddenCharactersError(name: string, field = 'name'): FieldError | undefined {
  if (HIDDEN.test(name)) {
    return { field, code: 'invalid_characters', message: 'must not hold control characters (a line break, a tab) or marks that change the direction of text' };
  }
  if (name.length > 0 && INVISIBLE.test(name)) {
    return { field, code: 'invalid_characters', message: 'must show something: it holds only spaces or characters that draw as nothing' };
  }
  return undefined;
}

/** A name from someone else's file, with those characters taken out (a binder name in an import). */
export function withoutHiddenCharacters(name: string): string {
  // A tab or line break separated words: it becomes a space; the rest go.
  const cleaned = name.replace(/[\t\n\r\u2028\u2029]+/g, ' ').replace(HIDDEN_ALL, '');
  // Nothing that draws is left (the API refuses such a name): no name at all.
  return INVISIBLE.test(cleaned) ? '' : cleaned;
}
