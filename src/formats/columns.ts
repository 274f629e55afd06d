/**
 * Header lines, column by column, as each app writes them in its own export (sources in
 * docs/import-export.md). Our writers emit exactly these; our readers find columns by
 * name, case-insensitively, so reordered or extra columns still read.
 */

/** Moxfield collection export ("moxfield_haves_*.csv"); every field quoted. */
export const MOXFIELD_COLUMNS = [
  'Count',
  'Tradelist Count',
  'Name',
  'Edition',
  'Condition',
  'Language',
  'Foil',
  'Tags',
  'Last Modified',
  'Collector Number',
  'Alter',
  'Proxy',
  'Purchase Price',
] as const;

/** ManaBox export of one binder or list (the whole-collection export adds Binder Name and Binder Type in front). */
export const MANABOX_COLUMNS = [
  'Name',
  'Set code',
  'Set name',
  'Collector number',
  'Foil',
  'Rarity',
  'Quantity',
  'ManaBox ID',
  'Scryfall ID',
  'Purchase price',
  'Misprint',
  'Altered',
  'Condition',
  'Language',
  'Purchase price currency',
] as const;

/** Deckbox inventory, the long-standing column set its importer documents. */
export const DECKBOX_COLUMNS = [
  'Count',
  'Tradelist Count',
  'Name',
  'Edition',
  'Card Number',
  'Condition',
  'Language',
  'Foil',
  'Signed',
  'Artist Proof',
  'Altered Art',
  'Misprint',
  'Promo',
  'Textless',
  'My Price',
] as const;

/** Archidekt collection export with its default column selection. */
export const ARCHIDEKT_COLUMNS = [
  'Quantity',
  'Name',
  'Finish',
  'Condition',
  'Date Added',
  'Language',
  'Purchase Price',
  'Tags',
  'Edition Name',
  'Edition Code',
  'Multiverse Id',
  'Scryfall ID',
  'Collector Number',
] as const;

/** Dragon Shield web export (after its `"sep=,"` line); read only. The last three are prices that vary with the user's price source. */
export const DRAGONSHIELD_COLUMNS = [
  'Folder Name',
  'Quantity',
  'Trade Quantity',
  'Card Name',
  'Set Code',
  'Set Name',
  'Card Number',
  'Condition',
  'Printing',
  'Language',
  'Price Bought',
  'Date Bought',
  'LOW',
  'MID',
  'MARKET',
] as const;

/** TCGplayer app collection export, default columns; read only. */
export const TCGPLAYER_COLUMNS = [
  'Quantity',
  'Name',
  'Simple Name',
  'Set',
  'Card Number',
  'Set Code',
  'Printing',
  'Condition',
  'Language',
  'Rarity',
  'Product ID',
  'SKU',
] as const;

/**
 * Our own `csv`: the entry's fields under the API's names, then read-only facts for
 * people reading the file in a spreadsheet (the importer ignores those).
 */
export const CCS_COLUMNS = [
  'id',
  'card_id',
  'name',
  'set',
  'collector_number',
  'quantity',
  'finish',
  'condition',
  'language',
  'binder_id',
  'purchase_price',
  'tags',
  'notes',
  'set_name',
  'rarity',
  'unit_value_usd',
  'total_value_usd',
  'created_at',
  'updated_at',
  // Last, so the columns before keep their places: the binder by name, for an import into another account or server.
  'binder_name',
] as const;
