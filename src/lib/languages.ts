/**
 * Scryfall's language codes: what a card's `lang` holds, what card search's `lang:` and every
 * importer read, and so what a collection entry's `language` may be.
 */
export const SCRYFALL_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht', 'he', 'la', 'grc', 'ar', 'sa', 'ph', 'qya'] as const;
export type ScryfallLanguage = (typeof SCRYFALL_LANGUAGES)[number];
