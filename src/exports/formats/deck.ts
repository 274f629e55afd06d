import { formatDecklist, mtgoCardName, type ExportLine } from '../../decks/decklist.js';

export const DECK_EXPORT_FORMATS = ['arena', 'mtgo', 'mtgo_dek'] as const;
export type DeckExportFormat = (typeof DECK_EXPORT_FORMATS)[number];

/** A decklist line with the card facts the formats need (`toExportLines` builds the rest). */
export interface DeckExportCard extends ExportLine {
  /** MTGO's catalog id (Scryfall's `mtgo_id`); null for a card not on MTGO. */
  mtgo_id?: number | null;
}

export interface DeckForExport {
  name: string;
  cards: readonly DeckExportCard[];
}

/**
 * Writes a deck. `arena` and `mtgo` are the decklist texts of `GET /decks/{id}/export`;
 * `mtgo_dek` is the XML file MTGO's deck editor imports and exports. Decks hold at most
 * a few hundred lines, so each is one chunk; the signature matches the collection writers.
 */
export async function* writeDeck(format: DeckExportFormat, deck: DeckForExport): AsyncGenerator<string> {
  if (format === 'mtgo_dek') yield mtgoDek(deck.cards);
  else yield formatDecklist(deck.cards, format);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function xmlAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * MTGO's `.dek`: one `<Cards>` element per line with its catalog id, quantity, name and
 * whether it is in the sideboard. MTGO has no commander or maybe board in a .dek: the
 * commander goes to the sideboard (as MTGO's own Commander decks do), maybe cards are left out.
 */
function mtgoDek(cards: readonly DeckExportCard[]): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '  <NetDeckID>0</NetDeckID>',
    '  <PreconstructedDeckID>0</PreconstructedDeckID>',
  ];
  const main = cards.filter((c) => c.board === 'main');
  const side = cards.filter((c) => c.board === 'sideboard' || c.board === 'commander');
  for (const [list, sideboard] of [[main, false], [side, true]] as const) {
    for (const c of list) {
      const catId = c.mtgo_id == null ? '' : ` CatID="${c.mtgo_id}"`;
      lines.push(`  <Cards${catId} Quantity="${c.quantity}" Sideboard="${sideboard}" Name="${xmlAttr(mtgoCardName(c))}" Annotation="0" />`);
    }
  }
  lines.push('</Deck>');
  return lines.join('\r\n') + '\r\n';
}
