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
  /** Scryfall `color_identity` (W, U, B, R, G); absent or empty = colourless. */
  color_identity?: readonly string[];
  /** Scryfall `keywords` (Partner, Friends forever, ...). */
  keywords?: readonly string[];
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
  /** Commander-style: the commander board leads the deck and bounds its colour identity. */
  commander?: CommanderRules;
}

interface CommanderRules {
  /** What may lead the deck, in words for the problem message. */
  role: string;
  canLead(card: LegalityCard): boolean;
  /** Oathbreaker: the commander board also holds one signature spell. */
  signatureSpell?: boolean;
}

const constructed = (key: string): FormatRules => ({ legalityKey: key, maxCopies: 4, minMain: 60, maxSideboard: 15 });

const isLegendary = (c: LegalityCard) => /\bLegendary\b/.test(frontType(c));
const isCreature = (c: LegalityCard) => /\bCreature\b/.test(frontType(c));
const isPlaneswalker = (c: LegalityCard) => /\bPlaneswalker\b/.test(frontType(c));
const saysCanLead = (c: LegalityCard) => /can be your commander/i.test(c.oracle_text ?? '');

/** The front face's type line: a transformed back face does not make a commander. */
function frontType(c: LegalityCard): string {
  return (c.type_line ?? '').split(' // ')[0] ?? '';
}

/**
 * The rules per format, as data so a format's entry can grow (companions, ...)
 * without touching callers.
 */
export const FORMAT_RULES: Record<DeckFormat, FormatRules> = {
  standard: constructed('standard'),
  pioneer: constructed('pioneer'),
  modern: constructed('modern'),
  legacy: constructed('legacy'),
  vintage: constructed('vintage'),
  pauper: constructed('pauper'),
  historic: constructed('historic'),
  commander: {
    legalityKey: 'commander',
    maxCopies: 1,
    minMain: 100,
    maxMain: 100,
    commander: { role: 'a legendary creature', canLead: (c) => (isLegendary(c) && isCreature(c)) || saysCanLead(c) },
  },
  brawl: {
    legalityKey: 'brawl',
    maxCopies: 1,
    minMain: 60,
    maxMain: 60,
    commander: { role: 'a legendary creature or planeswalker', canLead: (c) => (isLegendary(c) && (isCreature(c) || isPlaneswalker(c))) || saysCanLead(c) },
  },
  oathbreaker: {
    legalityKey: 'oathbreaker',
    maxCopies: 1,
    minMain: 60,
    maxMain: 60,
    commander: { role: 'a planeswalker', canLead: isPlaneswalker, signatureSpell: true },
  },
  limited: { minMain: 40 },
  casual: { minMain: 0 },
};

const BASIC_LAND = /\bBasic\b.*\bLand\b/;
// Relentless Rats, Persistent Petitioners, Shadowborn Apostle...: the card itself lifts the copy limit.
const ANY_NUMBER = /A deck can have any number of cards named/i;

function isUnlimited(card: LegalityCard): boolean {
  return BASIC_LAND.test(card.type_line ?? '') || ANY_NUMBER.test(card.oracle_text ?? '');
}

// Seven Dwarves, Nazgûl: the card allows up to so many copies, more than the format's limit.
const UP_TO = /A deck can have up to (\w+) cards named/i;
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** The copies a card's own text allows, when it says "up to N cards named ...". */
function ownLimit(card: LegalityCard): number | undefined {
  const word = UP_TO.exec(card.oracle_text ?? '')?.[1]?.toLowerCase();
  if (word === undefined) return undefined;
  return NUMBER_WORDS[word] ?? (/^\d+$/.test(word) ? Number(word) : undefined);
}

/**
 * The name copies are counted by (CR 100.2a, by English name): a reversible printing
 * ("Blightsteel Colossus // Blightsteel Colossus", one card on both sides) is its one name.
 */
function countedName(name: string): string {
  const halves = name.split(' // ');
  return (halves.length === 2 && halves[0] === halves[1] ? halves[0] ?? name : name).toLowerCase();
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
    const key = countedName(card.name);
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
    } else if (rules.maxCopies !== undefined && !unlimited) {
      const own = ownLimit(first);
      const limit = own !== undefined && own > rules.maxCopies ? own : rules.maxCopies;
      if (copies > limit) {
        const allows = limit === rules.maxCopies ? `${capitalised(format)} allows` : `${first.name} allows`;
        problems.push({
          code: 'too_many_copies',
          message: `${allows} at most ${limit} ${limit === 1 ? 'copy' : 'copies'} of ${first.name}; the deck has ${copies}.`,
          card_id: first.card_id,
        });
      }
    }
  }

  const sum = (boards: Board[]) => counted.filter((c) => boards.includes(c.board)).reduce((n, c) => n + c.quantity, 0);
  const main = sum(['main', 'commander']);
  const label = rules.maxMain !== undefined ? `${BOARD_LABEL.main} and ${BOARD_LABEL.commander}` : BOARD_LABEL.main;
  if (rules.maxMain !== undefined && rules.minMain === rules.maxMain && main !== rules.minMain) {
    problems.push({
      code: main < rules.minMain ? 'deck_too_small' : 'deck_too_large',
      message: `${article(format)} ${format} deck has exactly ${rules.minMain} cards in its ${label}; this one has ${main}.`,
    });
  } else if (main < rules.minMain) {
    problems.push({ code: 'deck_too_small', message: `${article(format)} ${format} deck needs at least ${rules.minMain} cards in its ${label}; this one has ${main}.` });
  } else if (rules.maxMain !== undefined && main > rules.maxMain) {
    problems.push({ code: 'deck_too_large', message: `${article(format)} ${format} deck has at most ${rules.maxMain} cards in its ${label}; this one has ${main}.` });
  }

  const side = sum(['sideboard']);
  if (rules.maxSideboard !== undefined && side > rules.maxSideboard) {
    problems.push({ code: 'sideboard_too_large', message: `${article(format)} ${format} sideboard has at most ${rules.maxSideboard} cards; this one has ${side}.` });
  }

  if (rules.commander) problems.push(...commanderProblems(format, rules.commander, counted));

  return { legal: problems.length === 0, problems };
}

/** "A commander deck", "An oathbreaker deck". */
const article = (format: string) => (/^[aeiou]/i.test(format) ? 'An' : 'A');
const capitalised = (format: string) => format.charAt(0).toUpperCase() + format.slice(1);
const hasKeyword = (c: LegalityCard, k: string) => (c.keywords ?? []).some((x) => x.toLowerCase() === k.toLowerCase());
const isBackground = (c: LegalityCard) => /\bBackground\b/.test(frontType(c));
const isInstantOrSorcery = (c: LegalityCard) => /\b(Instant|Sorcery)\b/.test(frontType(c));

/** "Partner with <name>" (CR 702.124j): that card alone is the other commander. */
const partnerWith = (c: LegalityCard) => /\bPartner with ([^\n(]+?)\s*(?:\(|\n|$)/.exec(c.oracle_text ?? '')?.[1]?.trim();
/** "Partner—<kind>" (Friends forever, Character select ...): only a partner of the same kind. */
const partnerKind = (c: LegalityCard) => /\bPartner\s*[—-]\s*([^\n(]+?)\s*(?:\(|\n|$)/.exec(c.oracle_text ?? '')?.[1]?.trim().toLowerCase();
const frontName = (c: LegalityCard) => c.name.split(' // ')[0] ?? c.name;

/**
 * Two commanders may lead together: both with plain Partner or Friends forever, two of one
 * "Partner—<kind>", a "Partner with" pair naming each other, or a "Choose a Background"
 * creature with a Background. Scryfall gives "Partner with" cards the Partner keyword too.
 */
function canPair(a: LegalityCard, b: LegalityCard): boolean {
  const [withA, withB] = [partnerWith(a), partnerWith(b)];
  if (withA !== undefined || withB !== undefined) return withA === frontName(b) && withB === frontName(a);
  const [kindA, kindB] = [partnerKind(a), partnerKind(b)];
  if (kindA !== undefined || kindB !== undefined) return kindA === kindB;
  if (hasKeyword(a, 'Partner') && hasKeyword(b, 'Partner')) return true;
  if (hasKeyword(a, 'Friends forever') && hasKeyword(b, 'Friends forever')) return true;
  const chooses = (c: LegalityCard) => hasKeyword(c, 'Choose a background') || /Choose a Background/i.test(c.oracle_text ?? '');
  return (chooses(a) && isBackground(b)) || (chooses(b) && isBackground(a));
}

/**
 * The commander board: one leader (two that may pair; an oathbreaker plus its signature
 * spell), each able to lead, and no other card outside the leaders' colour identity.
 */
function commanderProblems(format: DeckFormat, rules: CommanderRules, cards: readonly LegalityCard[]): LegalityProblem[] {
  const problems: LegalityProblem[] = [];
  const board = cards.filter((c) => c.board === 'commander');
  const copies = board.reduce((n, c) => n + c.quantity, 0);
  let leaders = board;
  let spell: LegalityCard | undefined;
  if (rules.signatureSpell) {
    spell = board.find((c) => !rules.canLead(c) && isInstantOrSorcery(c));
    leaders = board.filter((c) => c !== spell);
  }
  const leaderCopies = leaders.reduce((n, c) => n + c.quantity, 0);
  // An oathbreaker's signature spell alone leads nothing: the deck still has no commander.
  if (leaderCopies === 0) {
    const beside = copies > 0 ? ', beside its signature spell' : '';
    problems.push({ code: 'commander_missing', message: `${article(format)} ${format} deck needs ${rules.role} in its commander board${beside}.` });
    return problems;
  }
  const [first, second] = leaders;
  const paired = leaderCopies === 2 && leaders.length === 2 && first !== undefined && second !== undefined && canPair(first, second);
  for (const c of leaders) {
    // A Background is no creature, but leads beside the creature that chose it.
    if (!rules.canLead(c) && !(paired && isBackground(c))) {
      problems.push({ code: 'invalid_commander', message: `${c.name} cannot lead ${article(format).toLowerCase()} ${format} deck: it is not ${rules.role}.`, card_id: c.card_id });
    }
  }
  if (leaderCopies > 1 && !paired) {
    problems.push({
      code: 'too_many_commanders',
      message: `${article(format)} ${format} deck has one commander (two only when they can pair, such as both with Partner); this one has ${leaderCopies}.`,
    });
  }
  if (rules.signatureSpell && !spell) {
    problems.push({ code: 'signature_spell_missing', message: `An ${format} deck needs a signature spell (an instant or sorcery) in its commander board.` });
  }

  const identity = new Set(leaders.flatMap((c) => c.color_identity ?? []));
  const named = [...identity].sort().join('') || 'colourless';
  for (const c of cards) {
    if (leaders.includes(c) || c.board === 'maybe') continue;
    const outside = (c.color_identity ?? []).filter((x) => !identity.has(x));
    if (outside.length) {
      problems.push({
        code: 'color_identity',
        message: `${c.name} (${(c.color_identity ?? []).join('')}) is outside the commander's colour identity (${named}).`,
        card_id: c.card_id,
      });
    }
  }
  return problems;
}
