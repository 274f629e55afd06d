import { describe, expect, it } from 'vitest';
import { hiddenCharactersError, withoutHiddenCharacters } from '../../src/lib/names.js';

describe('names people read on a screen', () => {
  it('refuses control characters and the marks that change the direction of text', () => {
    for (const name of ['Trade\nbinder', 'Tab\there', 'Nul\u0000', 'Esc\u001b[31m', 'Del\u007f', 'C1\u0085', 'Deck\u202eppa', 'LRM\u200e', 'RLM\u200f', 'ALM\u061c', 'Line\u2028sep', 'Isolate\u2066x\u2069']) {
      expect(hiddenCharactersError(name), JSON.stringify(name)).toMatchObject({ field: 'name', code: 'invalid_characters' });
    }
  });

  it('takes every other character, in any script', () => {
    for (const name of ['Trade binder', 'Sol\'Kanar the Swamp King', 'Æther Vial', 'جامع', '収集 📦', 'e\u0301', 'zero\u200bwidth', 'A\u00a0B', 'שלום', '\u{1F469}\u200d\u{1F469}\u200d\u{1F467} family']) {
      expect(hiddenCharactersError(name), JSON.stringify(name)).toBeUndefined();
    }
  });

  it('names the field it is given', () => {
    expect(hiddenCharactersError('a\nb', 'binders[2].name')?.field).toBe('binders[2].name');
  });

  it('takes those characters out of a name read from a file', () => {
    // The caller trims what is left at the ends.
    expect(withoutHiddenCharacters('\u202eSpares\u202c\r')).toBe('Spares ');
    expect(withoutHiddenCharacters('Line\nbreak')).toBe('Line break');
    expect(withoutHiddenCharacters('My\tBinder\r\n')).toBe('My Binder ');
    // Nothing left that draws, as the API refuses: no name (the importer then says so and files no binder).
    expect(withoutHiddenCharacters('\u200b\ufeff')).toBe('');
    expect(withoutHiddenCharacters(' \u3164 ')).toBe('');
    expect(withoutHiddenCharacters('\u200bSpares')).toBe('\u200bSpares');
  });
});
