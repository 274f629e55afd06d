import type { Board, DeckFormat, Legality, LegalityProblem } from './schemas.js';

/** One decklist line with the card facts the rules need (from the card's Scryfall JSON). */
export interface LegalityCard {
  card_id: string;
  name: string;
  quantity: number;
  board: Board;
  type_line: string | null;
  oracle_text?: string | null;
  /** Scryfall `legalities`: format -> legal | not_legal | banned | restricted. A missing format means not legal. */
  legalities: Record<string, string>;
}

interface FormatRules {
  /** Key in Scryfall's `legalities`; absent when every card is allowed. */
  legalityKey?: string;
  /** Copies of one card (by name) across main, commander and sideboard; absent = unlimited. */
  maxCopies?: number;
  /** Main + commander boards. */
  minMain: number;
  maxMain?: number;
  maxSideboard?: number;
}

const constructed = (key: string): FormatRules => ({ legalityKey: key, maxCopies: 4, minMain: 60, maxSideboard: 15 });

/**
 * The basic rules per format. Kept as data so the full rules (commander colour
 * identity, companions, ...) can extend a format's entry without touching callers.
 */
export const FORMAT_RULES: Record<DeckFormat, FormatRules> = {
  standard: constructed('standard'),
  pioneer: constructed('pioneer'),
  modern: constructed('modern'),
  legacy: constructed('legacy'),
  vintage: constructed('vintage'),
  pauper: constructed('pauper'),
  historic: constructed('historic'),
  commander: { legalityKey: 'commander', maxCopies: 1, minMain: 100, maxMain: 100 },
  brawl: { legalityKey: 'brawl', maxCopies: 1, minMain: 60, maxMain: 60 },
  oathbreaker: { legalityKey: 'oathbreaker', maxCopies: 1, minMain: 60, maxMain: 60 },
  limited: { minMain: 40 },
  casual: { minMain: 0 },
};

const BASIC_LAND = /\bBasic\b.*\bLand\b/;
// Relentless Rats, Persistent Petitioners, Shadowborn Apostle...: the card itself lifts the copy limit.
const ANY_NUMBER = /A deck can have any number of cards named/i;

function isUnlimited(card: LegalityCard): boolean {
  return BASIC_LAND.test(card.type_line ?? '') || ANY_NUMBER.test(card.oracle_text ?? '');
}

const BOARD_LABEL: Record<'main' | 'commander', string> = { main: 'main deck', commander: 'commander' };

/**
 * Checks a decklist against a format. Pure: the caller supplies the card facts.
 * `maybe` cards never count; main, commander and sideboard cards must all be legal.
 */
export function checkLegality(format: DeckFormat, cards: readonly LegalityCard[]): Legality {
  const rules = FORMAT_RULES[format];
  const problems: LegalityProblem[] = [];
  const counted = cards.filter((c) => c.board !== 'maybe');

  const statusChecked = new Set<string>();
  const byName = new Map<string, { first: LegalityCard; copies: number; restricted: boolean; unlimited: boolean }>();
  for (const card of counted) {
    if (rules.legalityKey) {
      const status = card.legalities[rules.legalityKey] ?? 'not_legal';
      if (!statusChecked.has(card.card_id)) {
        statusChecked.add(card.card_id);
        if (status === 'banned') {
          problems.push({ code: 'banned', message: `${card.name} is banned in ${format}.`, card_id: card.card_id });
        } else if (status !== 'legal' && status !== 'restricted') {
          problems.push({ code: 'not_legal', message: `${card.name} is not legal in ${format}.`, card_id: card.card_id });
        }
      }
    }
    const key = card.name.toLowerCase();
    const group = byName.get(key) ?? { first: card, copies: 0, restricted: false, unlimited: isUnlimited(card) };
    group.copies += card.quantity;
    if (rules.legalityKey && card.legalities[rules.legalityKey] === 'restricted') group.restricted = true;
    byName.set(key, group);
  }

  for (const { first, copies, restricted, unlimited } of byName.values()) {
    if (restricted && copies > 1) {
      problems.push({
        code: 'restricted',
        message: `${first.name} is restricted in ${format}: at most 1 copy, the deck has ${copies}.`,
        card_id: first.card_id,
      });
    } else if (rules.maxCopies !== undefined && !unlimited && copies > rules.maxCopies) {
      problems.push({
        code: 'too_many_copies',
        message: `${format} allows at most ${rules.maxCopies} ${rules.maxCopies === 1 ? 'copy' : 'copies'} of ${first.name}; the deck has ${copies}.`,
        card_id: first.card_id,
      });
    }
  }

  const sum = (boards: Board[]) => counted.filter((c) => boards.includes(c.board)).reduce((n, c) => n + c.quantity, 0);
  const main = sum(['main', 'commander']);
  const label = rules.maxMain !== undefined ? `${BOARD_LABEL.main} and ${BOARD_LABEL.commander}` : BOARD_LABEL.main;
  if (rules.maxMain !== undefined && rules.minMain === rules.maxMain && main !== rules.minMain) {
    problems.push({
      code: main < rules.minMain ? 'deck_too_small' : 'deck_too_large',
      message: `A ${format} deck has exactly ${rules.minMain} cards in its ${label}; this one has ${main}.`,
    });
  } else if (main < rules.minMain) {
    problems.push({ code: 'deck_too_small', message: `A ${format} deck needs at least ${rules.minMain} cards in its ${label}; this one has ${main}.` });
  } else if (rules.maxMain !== undefined && main > rules.maxMain) {
    problems.push({ code: 'deck_too_large', message: `A ${format} deck has at most ${rules.maxMain} cards in its ${label}; this one has ${main}.` });
  }

  const side = sum(['sideboard']);
  if (rules.maxSideboard !== undefined && side > rules.maxSideboard) {
    problems.push({ code: 'sideboard_too_large', message: `A ${format} sideboard has at most ${rules.maxSideboard} cards; this one has ${side}.` });
  }

  return { legal: problems.length === 0, problems };
}
