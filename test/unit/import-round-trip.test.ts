import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITIONS, type CollectionEntry } from '../../src/collection/schemas.js';
import { parseDecklist } from '../../src/decks/decklist.js';
import { BOARDS, type Board } from '../../src/decks/schemas.js';
import { writeCollection, writeDeck, type CollectionExportFormat, type DeckExportCard } from '../../src/exports/formats/index.js';
import { FLAG_TAGS } from '../../src/formats/flags.js';
import { SCRYFALL_LANGUAGES } from '../../src/formats/vocabulary.js';
import { matchRow, parseMtgoDek, } from '../../src/imports/index.js';
import { asyncOf, CARRIES, carried, chunked, collectText, demoCards, demoLookup, entryOf, importDemo, type DemoCard } from '../helpers/imports.js';

const cards: DemoCard[] = [...new Map(demoCards().map((c) => [c.id, c])).values()];

// Now and then a copy's flag (`altered`...), which the apps' flag columns carry.
const tag = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() === t && t !== '' && !t.includes(';') && !t.includes('\u0000')), weight: 3 },
  { arbitrary: fc.constantFrom(...FLAG_TAGS), weight: 1 },
);
// Any text, spaces and line breaks around it included: our formats give notes back verbatim.
const note = fc.oneof(fc.string({ minLength: 1, maxLength: 200 }), fc.constantFrom(' lead and trail ', '\ttab lead', 'trail\n', '\r\n', ' ')).filter((t) => !t.includes('\u0000'));

const entry = fc
  .record({
    card: fc.constantFrom(...cards),
    finish: fc.nat(),
    quantity: fc.integer({ min: 1, max: 5_000 }),
    condition: fc.constantFrom(...CONDITIONS),
    language: fc.constantFrom(...SCRYFALL_LANGUAGES),
    binder: fc.constantFrom(null, 'binder-a', 'binder-b'),
    cents: fc.option(fc.integer({ min: 0, max: 999_999_999 }), { nil: null }),
    tags: fc.uniqueArray(tag, { maxLength: 3 }),
    notes: fc.option(note, { nil: null }),
  })
  .map(
    (e): CollectionEntry =>
      entryOf(e.card, {
        quantity: e.quantity,
        finish: e.card.finishes[e.finish % e.card.finishes.length]!,
        condition: e.condition,
        language: e.language,
        binder_id: e.binder,
        purchase_price: e.cents === null ? null : `${Math.floor(e.cents / 100)}.${String(e.cents % 100).padStart(2, '0')}`,
        tags: e.tags,
        notes: e.notes,
      }),
  );


const identity = (format: CollectionExportFormat) => (e: CollectionEntry) => {
  const c = carried(format, e);
  return JSON.stringify([c.card_id, c.finish, c.condition, c.language, c.binder_id]);
};

describe('round trip: export a collection, import the file back, same entries', () => {
  for (const format of Object.keys(CARRIES) as CollectionExportFormat[]) {
    it(`${format}: every entry comes back with what the format carries`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(entry, { minLength: 1, maxLength: 25, selector: identity(format) }), fc.integer({ min: 1, max: 4096 }), async (entries, chunk) => {
          const file = await collectText(writeCollection(format, asyncOf(entries)));
          const { report, entries: planned } = await importDemo(chunked(file, chunk));
          expect(report.format).toBe(CARRIES[format].reads);
          expect(report.unmatched).toEqual([]);
          expect([report.rows, report.matched, report.entries_created]).toEqual([entries.length, entries.length, entries.length]);
          expect(planned.map((p) => carried(format, p))).toEqual(entries.map((e) => carried(format, e)));
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('round trip: export a deck, read the list back, same cards', () => {
  const line = fc.record({ card: fc.constantFrom(...cards.filter((c) => c.layout !== 'token' && c.layout !== 'double_faced_token')), quantity: fc.integer({ min: 1, max: 999 }) });
  const deck = (boards: readonly Board[]) =>
    fc.uniqueArray(
      fc.record({ line, board: fc.constantFrom(...boards) }).map(({ line: l, board }): DeckExportCard => ({
        quantity: l.quantity,
        board,
        name: l.card.name,
        layout: l.card.layout,
        set: l.card.set,
        collector_number: l.card.collector_number,
        mtgo_id: l.card.mtgo_id,
      })),
      { minLength: 1, maxLength: 20, selector: (c) => `${c.set}/${c.collector_number}/${c.board}` },
    );
  const lookup = demoLookup();
  const cardName = async (name: string, set?: string, collectorNumber?: string) => {
    const r = await matchRow({ row: 1, line: 1, raw: '', quantity: 1, finish: 'nonfoil', condition: 'near_mint', name, ...(set ? { set } : {}), ...(collectorNumber ? { collectorNumber } : {}) }, lookup);
    return r.kind === 'matched' ? `${r.card.name}|${r.card.set}|${r.card.collector_number}` : `unmatched ${name}`;
  };
  const sorted = (xs: string[]) => [...xs].sort();

  it('arena: every line comes back with its printing and board', async () => {
    await fc.assert(
      fc.asyncProperty(deck(BOARDS), async (lines) => {
        const parsed = parseDecklist(await collectText(writeDeck('arena', { name: 'd', cards: lines })));
        expect(parsed.errors).toEqual([]);
        const back = await Promise.all(parsed.entries.map(async (e) => `${await cardName(e.name, e.set, e.collectorNumber)}|${e.board}|${e.quantity}`));
        expect(sorted(back)).toEqual(sorted(lines.map((l) => `${l.name}|${l.set}|${l.collector_number}|${l.board}|${l.quantity}`)));
      }),
      { numRuns: 40 },
    );
  });

  const totalsByKey = (items: Array<{ key: string; quantity: number }>) => {
    const out = new Map<string, number>();
    for (const i of items) out.set(i.key, (out.get(i.key) ?? 0) + i.quantity);
    return out;
  };

  for (const format of ['mtgo', 'mtgo_dek'] as const) {
    it(`${format}: every main and sideboard card comes back by name and board, the commander in the sideboard`, async () => {
      // A list with no main deck is left out: MTGO's text marks the sideboard only by the blank line after the main deck.
      const withMainDeck = deck(['main', 'sideboard', 'commander']).filter((lines) => lines.some((l) => l.board === 'main'));
      await fc.assert(
        fc.asyncProperty(withMainDeck, async (lines) => {
          const text = await collectText(writeDeck(format, { name: 'd', cards: lines }));
          const parsed = format === 'mtgo' ? parseDecklist(text) : parseMtgoDek(text);
          expect(parsed.errors).toEqual([]);
          const read = await Promise.all(parsed.entries.map(async (e) => ({ key: `${(await cardName(e.name)).split('|')[0]}|${e.board}`, quantity: e.quantity })));
          const sent = lines.map((l) => ({ key: `${l.name}|${l.board === 'commander' ? 'sideboard' : l.board}`, quantity: l.quantity }));
          // mtgo_dek lists each printing by its catalog id, line for line. MTGO's text names cards
          // only: each card on each board comes back as its total (in lines of at most 999).
          const lineByLine = (items: Array<{ key: string; quantity: number }>) => items.map((i) => `${i.key}|${i.quantity}`);
          const totals = (items: Array<{ key: string; quantity: number }>) => [...totalsByKey(items)].map(([key, q]) => `${key}|${q}`);
          if (format === 'mtgo_dek') expect(sorted(lineByLine(read))).toEqual(sorted(lineByLine(sent)));
          else {
            expect(sorted(totals(read))).toEqual(sorted(totals(sent)));
            expect(read.every((r) => r.quantity <= 999)).toBe(true);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it("mtgo_dek keeps MTGO's catalog ids", async () => {
    const lines = cards.filter((c) => c.mtgo_id !== null).slice(0, 5);
    const text = await collectText(writeDeck('mtgo_dek', { name: 'd', cards: lines.map((c) => ({ quantity: 1, board: 'main', name: c.name, layout: c.layout, set: c.set, collector_number: c.collector_number, mtgo_id: c.mtgo_id })) }));
    expect(parseMtgoDek(text).entries.map((e) => e.catId)).toEqual(lines.map((c) => c.mtgo_id));
  });
});
