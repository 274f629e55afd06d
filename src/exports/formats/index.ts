import { COLLECTION_EXPORT_FORMATS, type CollectionExportFormat } from './collection.js';
import { DECK_EXPORT_FORMATS, type DeckExportFormat } from './deck.js';

export { writeCollection, COLLECTION_EXPORT_FORMATS, type CollectionExportFormat } from './collection.js';
export { writeDeck, DECK_EXPORT_FORMATS, type DeckExportFormat, type DeckForExport, type DeckExportCard } from './deck.js';

export type ExportFormat = CollectionExportFormat | DeckExportFormat;

/** What `GET /exports/{id}/download` answers with, per format. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  moxfield_csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  manabox_csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  deckbox_csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  archidekt_csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  arena: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  mtgo: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  mtgo_dek: { contentType: 'application/xml; charset=utf-8', extension: 'dek' },
};

/** Collection formats apply to every source; the deck-only ones need `source: "deck"`. */
export function isDeckOnlyFormat(format: ExportFormat): format is DeckExportFormat {
  return (DECK_EXPORT_FORMATS as readonly string[]).includes(format);
}

export const EXPORT_FORMATS: readonly ExportFormat[] = [...COLLECTION_EXPORT_FORMATS, ...DECK_EXPORT_FORMATS];
