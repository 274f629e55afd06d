import { describe, expect, it } from 'vitest';
import { cardNameKeys, formatDecklist, normalizeCardName, parseDecklist, type ExportLine } from '../../src/decks/decklist.js';
import { replacedPrinting } from '../../src/decks/service.js';

describe('parseDecklist', () => {
  it('reads Arena lines with set and collector number, and plain lines', () => {
    const res = parseDecklist('4 Lightning Bolt (M11) 146\n2 Counterspell\n1x Shock [m20]\n3 Teferi, Time Raveler (WAR) 221★');
    expect(res.errors).toEqual([]);
    expect(res.entries).toEqual([
      { line: 1, quantity: 4, name: 'Lightning Bolt', set: 'M11', collectorNumber: '146', board: 'main' },
      { line: 2, quantity: 2, name: 'Counterspell', board: 'main' },
      { line: 3, quantity: 1, name: 'Shock', set: 'm20', board: 'main' },
      { line: 4, quantity: 3, name: 'Teferi, Time Raveler', set: 'WAR', collectorNumber: '221★', board: 'main' },
    ]);
  });

  it('switches boards on Arena sections and ignores the About block', () => {
    const text = [
      'About',
      'Name Mono Red',
      '',
      'Commander',
      '1 Chandra, Fire Artisan (WAR) 119',
      '',
      'Deck',
      '20 Mountain',
      '',
      'Sideboard:',
      '2 Shock',
      'Companion',
      '1 Lurrus',
      'Maybeboard (1)',
      '1 Fry',
    ].join('\r\n');
    const res = parseDecklist(text);
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.line, e.board, e.name])).toEqual([
      [5, 'commander', 'Chandra, Fire Artisan'],
      [8, 'main', 'Mountain'],
      [11, 'sideboard', 'Shock'],
      [13, 'sideboard', 'Lurrus'],
      [15, 'maybe', 'Fry'],
    ]);
  });

  it('starts the sideboard at the first blank line when there are no sections (MTGO)', () => {
    const res = parseDecklist('\n4 Shock\n20 Mountain\n\n3 Negate\n\n1 Duress\n');
    expect(res.entries.map((e) => [e.name, e.board])).toEqual([
      ['Shock', 'main'],
      ['Mountain', 'main'],
      ['Negate', 'sideboard'],
      ['Duress', 'sideboard'],
    ]);
  });

  it('ignores blank lines inside sectioned lists, and honours SB: prefixes and comments', () => {
    const res = parseDecklist('// my deck\nDeck\n4 Shock\n\n20 Mountain\n# note\nSB: 2 Negate');
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.name, e.board])).toEqual([
      ['Shock', 'main'],
      ['Mountain', 'main'],
      ['Negate', 'sideboard'],
    ]);
  });

  it('keeps parentheses that are part of a name and drops foil markers', () => {
    const res = parseDecklist('1 B.F.M. (Big Furry Monster)\n2 Shock (M20) 160 *F*');
    expect(res.entries).toEqual([
      { line: 1, quantity: 1, name: 'B.F.M. (Big Furry Monster)', board: 'main' },
      { line: 2, quantity: 2, name: 'Shock', set: 'M20', collectorNumber: '160', board: 'main' },
    ]);
  });

  it('drops what Moxfield and Archidekt append to a line: tags, categories after the printing, labels', () => {
    const res = parseDecklist(
      [
        '1 Teferi, Time Raveler (WAR) 221 #edh #!Control',
        '1x Lightning Bolt (2X2) 117 [Removal] ^Have,#37d67a^',
        '2 Shock (M20) 160 *F* #burn',
        '1x Lightning Bolt (2X2) 117 *F* [Removal]',
        '1x Thrasios, Triton Hero (C16) 46 [Commander{top}]',
        '1x Opt [Maybeboard{noDeck}{noPrice},Draw]',
        '1x Negate [Removal,Counter]',
        '1 Opt [Draw]',
      ].join('\n'),
    );
    expect(res.errors).toEqual([]);
    expect(res.entries.map((e) => [e.name, e.set, e.collectorNumber, e.board])).toEqual([
      ['Teferi, Time Raveler', 'WAR', '221', 'main'],
      ['Lightning Bolt', '2X2', '117', 'main'],
      ['Shock', 'M20', '160', 'main'],
      ['Lightning Bolt', '2X2', '117', 'main'],
      ['Thrasios, Triton Hero', 'C16', '46', 'commander'],
      ['Opt', undefined, undefined, 'maybe'],
      ['Negate', undefined, undefined, 'main'],
      // A bracket alone stays a set code, as Arena's "[M11]" is.
      ['Opt', 'Draw', undefined, 'main'],
    ]);
  });

  it('reports lines it cannot read with their line numbers', () => {
    const res = parseDecklist('4 Shock\nLightning Bolt\n0 Negate\n1000 Island\nCreatures (20)');
    expect(res.entries.map((e) => e.name)).toEqual(['Shock']);
    expect(res.errors).toEqual([
      { line: 2, message: 'line 2: expected "<quantity> <card name>", got "Lightning Bolt"' },
      { line: 3, message: 'line 3: quantity must be 1 to 999, got 0' },
      { line: 4, message: 'line 4: quantity must be 1 to 999, got 1000' },
      { line: 5, message: 'line 5: expected "<quantity> <card name>", got "Creatures (20)"' },
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(parseDecklist('\n\n  \n')).toEqual({ entries: [], errors: [] });
  });
});

describe('card names', () => {
  it('normalizes case, spacing and MTGO split-card slashes', () => {
    expect(normalizeCardName('  Fire  //  Ice ')).toBe('fire // ice');
    expect(normalizeCardName('Fire/Ice')).toBe('fire // ice');
    expect(cardNameKeys('Driven // Despair')).toEqual({ full: 'driven // despair', faces: ['driven', 'despair'] });
    expect(cardNameKeys('Shock')).toEqual({ full: 'shock', faces: [] });
  });
});

describe('formatDecklist', () => {
  const lines: ExportLine[] = [
    { quantity: 4, board: 'main', name: 'Shock', layout: 'normal', set: 'm20', collector_number: '160' },
    { quantity: 1, board: 'commander', name: 'Esika, God of the Tree // The Prismatic Bridge', layout: 'modal_dfc', set: 'khm', collector_number: '168' },
    { quantity: 2, board: 'sideboard', name: 'Driven // Despair', layout: 'split', set: 'hou', collector_number: '157' },
    { quantity: 1, board: 'maybe', name: 'Negate', layout: 'normal', set: 'm20', collector_number: '69' },
  ];

  it('writes Arena sections with set codes and collector numbers', () => {
    expect(formatDecklist(lines, 'arena')).toBe(
      'Commander\n1 Esika, God of the Tree (KHM) 168\n\nDeck\n4 Shock (M20) 160\n\nSideboard\n2 Driven // Despair (HOU) 157\n\nMaybeboard\n1 Negate (M20) 69\n',
    );
  });

  it('writes plain text with sections and full names', () => {
    expect(formatDecklist(lines, 'text')).toBe(
      'Commander\n1 Esika, God of the Tree // The Prismatic Bridge\n\nDeck\n4 Shock\n\nSideboard\n2 Driven // Despair\n\nMaybeboard\n1 Negate\n',
    );
  });

  it('writes MTGO main deck, blank line, sideboard (commander folded in, maybeboard left out)', () => {
    expect(formatDecklist(lines, 'mtgo')).toBe('4 Shock\n\n1 Esika, God of the Tree\n2 Driven/Despair\n');
  });

  it('marks each MTGO sideboard line SB: when there is no main deck, so the sideboard reads back as one', () => {
    const sideOnly = lines.filter((l) => l.board !== 'main');
    const text = formatDecklist(sideOnly, 'mtgo');
    expect(text).toBe('SB: 1 Esika, God of the Tree\nSB: 2 Driven/Despair\n');
    expect(parseDecklist(text).entries.map((e) => [e.quantity, e.board])).toEqual([
      [1, 'sideboard'],
      [2, 'sideboard'],
    ]);
  });

  it('lists a card once per section where names alone are written, two printings as one line of their total', () => {
    const teferis: ExportLine[] = [
      { quantity: 2, board: 'main', name: 'Teferi, Time Raveler', layout: 'normal', set: 'war', collector_number: '221' },
      { quantity: 4, board: 'main', name: 'Shock', layout: 'normal', set: 'm20', collector_number: '160' },
      { quantity: 1, board: 'main', name: 'Teferi, Time Raveler', layout: 'normal', set: 'war', collector_number: '221★' },
      { quantity: 1, board: 'commander', name: 'Negate', layout: 'normal', set: 'm20', collector_number: '69' },
      { quantity: 2, board: 'sideboard', name: 'Negate', layout: 'normal', set: 'rix', collector_number: '44' },
    ];
    expect(formatDecklist(teferis, 'text')).toBe('Commander\n1 Negate\n\nDeck\n3 Teferi, Time Raveler\n4 Shock\n\nSideboard\n2 Negate\n');
    // MTGO folds the commander into the sideboard: one line there too.
    expect(formatDecklist(teferis, 'mtgo')).toBe('3 Teferi, Time Raveler\n4 Shock\n\n3 Negate\n');
    // Arena names the printing, so both stay.
    expect(formatDecklist(teferis, 'arena')).toContain('2 Teferi, Time Raveler (WAR) 221\n4 Shock (M20) 160\n1 Teferi, Time Raveler (WAR) 221★\n');
  });

  it('splits a names-only total over 999 into lines a list may hold', () => {
    const many: ExportLine[] = [
      { quantity: 126, board: 'sideboard', name: 'Band Together', layout: 'normal', set: 'war', collector_number: '153' },
      { quantity: 874, board: 'commander', name: 'Band Together', layout: 'normal', set: 'war', collector_number: '153' },
      { quantity: 4, board: 'main', name: 'Shock', layout: 'normal', set: 'm20', collector_number: '160' },
    ];
    const text = formatDecklist(many, 'mtgo');
    expect(text).toBe('4 Shock\n\n999 Band Together\n1 Band Together\n');
    expect(parseDecklist(text).errors).toEqual([]);
  });

  it('writes nothing for an empty deck', () => {
    for (const style of ['arena', 'mtgo', 'text'] as const) expect(formatDecklist([], style)).toBe('');
  });

  it('round-trips through the parser', () => {
    for (const style of ['arena', 'text'] as const) {
      const parsed = parseDecklist(formatDecklist(lines, style));
      expect(parsed.errors).toEqual([]);
      // Sections come out commander, deck, sideboard, maybeboard.
      expect(parsed.entries.map((e) => [e.quantity, e.board])).toEqual([
        [1, 'commander'],
        [4, 'main'],
        [2, 'sideboard'],
        [1, 'maybe'],
      ]);
    }
    const mtgo = parseDecklist(formatDecklist(lines, 'mtgo'));
    expect(mtgo.entries.map((e) => [e.quantity, e.name, e.board])).toEqual([
      [4, 'Shock', 'main'],
      [1, 'Esika, God of the Tree', 'sideboard'],
      [2, 'Driven/Despair', 'sideboard'],
    ]);
  });
});

describe('replacedPrinting', () => {
  const shock = { set_code: 'm20', collector_number: '160' };
  const line = { line: 3, name: 'Shock' };

  it('says nothing for a line that named no set, or got the printing it named', () => {
    expect(replacedPrinting(line, shock, undefined)).toBeUndefined();
    expect(replacedPrinting({ ...line, set: 'M20', collectorNumber: '160' }, shock, { name: 'Shock' })).toBeUndefined();
    expect(replacedPrinting({ ...line, set: 'm20' }, shock, undefined)).toBeUndefined();
    // MTGO's star names the star printing.
    expect(replacedPrinting({ ...line, set: 'WAR', collectorNumber: '221*' }, { set_code: 'war', collector_number: '221★' }, undefined)).toBeUndefined();
  });

  it('names what the line asked for and the printing it got', () => {
    expect(replacedPrinting({ ...line, set: 'xyz', collectorNumber: '999' }, shock, undefined)).toBe('line 3: "Shock" has no printing (XYZ) 999; used (M20) 160');
    expect(replacedPrinting({ ...line, set: 'war' }, shock, undefined)).toBe('line 3: "Shock" has no printing (WAR); used (M20) 160');
    expect(replacedPrinting({ ...line, set: 'war', collectorNumber: '221' }, shock, { name: 'Teferi, Time Raveler' })).toBe(
      'line 3: (WAR) 221 is "Teferi, Time Raveler", not "Shock"; used (M20) 160',
    );
  });
});
