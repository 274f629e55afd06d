/**
 * Facts of a physical copy that the apps keep in yes/no columns: Moxfield's `Alter`, ManaBox's
 * `Altered`/`Misprint`/`Signed`, Deckbox's `Signed` ... `Textless`. A collection entry has no
 * such fields (the contract's entry), so they travel as tags of these names: the importers add
 * the tag for a flag that is set, and the app writers set the column when the entry has the tag.
 * docs/import-export.md ("Copies' flags") has the table and what merging does to them.
 */
export const FLAG_TAGS = ['altered', 'signed', 'misprint', 'artist-proof', 'promo', 'textless'] as const;
export type FlagTag = (typeof FLAG_TAGS)[number];

export function isFlagTag(tag: string): tag is FlagTag {
  return (FLAG_TAGS as readonly string[]).includes(tag);
}

/** An app's flag column (its header as the app writes it) and the tag it becomes. */
export interface FlagColumn {
  column: string;
  tag: FlagTag;
}

export const MOXFIELD_FLAGS: readonly FlagColumn[] = [{ column: 'Alter', tag: 'altered' }];

/** `Signed` only in newer whole-collection exports; our writer keeps the single-binder header, which has none. */
export const MANABOX_FLAGS: readonly FlagColumn[] = [
  { column: 'Misprint', tag: 'misprint' },
  { column: 'Altered', tag: 'altered' },
  { column: 'Signed', tag: 'signed' },
];

export const DECKBOX_FLAGS: readonly FlagColumn[] = [
  { column: 'Signed', tag: 'signed' },
  { column: 'Artist Proof', tag: 'artist-proof' },
  { column: 'Altered Art', tag: 'altered' },
  { column: 'Misprint', tag: 'misprint' },
  { column: 'Promo', tag: 'promo' },
  { column: 'Textless', tag: 'textless' },
];

/** Deckbox writes a set flag as a word in its cell, as it writes `foil` in Foil; an empty cell is unset. */
export const DECKBOX_FLAG_WORDS: Record<FlagTag, string> = {
  altered: 'altered',
  signed: 'signed',
  misprint: 'misprint',
  'artist-proof': 'proof',
  promo: 'promo',
  textless: 'textless',
};

/** Trade-list counts: how many of a row's copies are offered for trade. ccs keeps no trade list. */
export const TRADE_COLUMNS = { moxfield: 'Tradelist Count', deckbox: 'Tradelist Count', dragonshield: 'Trade Quantity' } as const;
