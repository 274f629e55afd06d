import { describe, expect, it } from 'vitest';
import { checkLegality, type LegalityCard } from '../../src/decks/legality.js';
import type { Board } from '../../src/decks/schemas.js';

const ALL_LEGAL: Record<string, string> = {
  standard: 'legal',
  pioneer: 'legal',
  modern: 'legal',
  legacy: 'legal',
  vintage: 'legal',
  pauper: 'legal',
  commander: 'legal',
  brawl: 'legal',
  historic: 'legal',
  oathbreaker: 'legal',
};

let seq = 0;
function card(name: string, quantity: number, opts: { board?: Board; type_line?: string; legalities?: Record<string, string>; oracle_text?: string; id?: string } = {}): LegalityCard {
  return {
    card_id: opts.id ?? `id-${name}-${seq++}`,
    name,
    quantity,
    board: opts.board ?? 'main',
    type_line: opts.type_line ?? 'Creature — Goblin',
    oracle_text: opts.oracle_text ?? null,
    legalities: opts.legalities ?? ALL_LEGAL,
  };
}

const forest = (n: number, board: Board = 'main') => card('Forest', n, { board, type_line: 'Basic Land — Forest', id: 'forest' });

/** Fifteen playsets of distinct legal cards: a 60-card main deck. */
function sixty(): LegalityCard[] {
  return Array.from({ length: 15 }, (_, i) => card(`Card ${i}`, 4));
}

describe('checkLegality', () => {
  it('accepts a 60-card standard deck of legal cards with a 15-card sideboard', () => {
    const res = checkLegality('standard', [...sixty(), card('Side', 4, { board: 'sideboard' }), forest(11, 'sideboard')]);
    expect(res).toEqual({ legal: true, problems: [] });
  });

  it('flags cards that are not legal, banned, or missing from the legalities (not legal)', () => {
    const res = checkLegality('modern', [
      ...sixty().slice(1),
      card('Old Card', 1, { legalities: { modern: 'not_legal' }, id: 'old' }),
      card('Banned Card', 1, { legalities: { modern: 'banned' }, id: 'ban' }),
      card('Unknown Card', 2, { legalities: {}, id: 'unk' }),
    ]);
    expect(res.legal).toBe(false);
    expect(res.problems).toEqual([
      { code: 'not_legal', message: 'Old Card is not legal in modern.', card_id: 'old' },
      { code: 'banned', message: 'Banned Card is banned in modern.', card_id: 'ban' },
      { code: 'not_legal', message: 'Unknown Card is not legal in modern.', card_id: 'unk' },
    ]);
  });

  it('allows one copy of a restricted card and flags a second', () => {
    const restricted = { ...ALL_LEGAL, vintage: 'restricted' };
    expect(checkLegality('vintage', [...sixty().slice(1), card('Bolt', 3), card('Lotus', 1, { legalities: restricted })]).legal).toBe(true);
    const res = checkLegality('vintage', [...sixty(), card('Lotus', 1, { legalities: restricted, id: 'lotus' }), card('Lotus', 1, { board: 'sideboard', legalities: restricted, id: 'lotus' })]);
    expect(res.problems).toEqual([{ code: 'restricted', message: 'Lotus is restricted in vintage: at most 1 copy, the deck has 2.', card_id: 'lotus' }]);
  });

  it('counts copies by name across printings and boards, but not the maybeboard', () => {
    const res = checkLegality('standard', [
      ...sixty().slice(1),
      card('Shock', 3, { id: 'shock-a' }),
      card('Shock', 1, { id: 'shock-b' }),
      card('Shock', 1, { board: 'sideboard', id: 'shock-a' }),
      card('Other', 9, { board: 'maybe' }),
    ]);
    expect(res.problems).toEqual([{ code: 'too_many_copies', message: 'Standard allows at most 4 copies of Shock; the deck has 5.', card_id: 'shock-a' }]);
  });

  it('exempts basic lands and cards that allow any number of copies', () => {
    const res = checkLegality('standard', [
      forest(30),
      card('Snow Forest', 10, { type_line: 'Basic Snow Land — Forest' }),
      card('Relentless Rats', 20, { oracle_text: 'A deck can have any number of cards named Relentless Rats.' }),
    ]);
    expect(res).toEqual({ legal: true, problems: [] });
  });

  it('does not exempt a nonbasic land', () => {
    const res = checkLegality('modern', [...sixty().slice(1), card('Field of the Dead', 5, { type_line: 'Land', id: 'fotd' })]);
    expect(res.problems).toEqual([expect.objectContaining({ code: 'too_many_copies', card_id: 'fotd' })]);
  });

  it('requires at least 60 main-deck cards in constructed formats', () => {
    const res = checkLegality('pioneer', sixty().slice(0, 14));
    expect(res.problems).toEqual([{ code: 'deck_too_small', message: 'A pioneer deck needs at least 60 cards in its main deck; this one has 56.' }]);
    expect(checkLegality('pioneer', [...sixty(), forest(40)]).legal).toBe(true);
  });

  it('caps the sideboard at 15 in constructed formats', () => {
    const res = checkLegality('legacy', [...sixty(), forest(16, 'sideboard')]);
    expect(res.problems).toEqual([{ code: 'sideboard_too_large', message: 'A legacy sideboard has at most 15 cards; this one has 16.' }]);
  });

  it('requires exactly 100 cards (main and commander) and single copies in commander', () => {
    const singles = Array.from({ length: 60 }, (_, i) => card(`Single ${i}`, 1));
    const commander = card('The Commander', 1, { board: 'commander', type_line: 'Legendary Creature — Dragon' });
    expect(checkLegality('commander', [commander, ...singles, forest(39)])).toEqual({ legal: true, problems: [] });

    const small = checkLegality('commander', [commander, ...singles, forest(38)]);
    expect(small.problems).toEqual([{ code: 'deck_too_small', message: 'A commander deck has exactly 100 cards in its main deck and commander; this one has 99.' }]);
    const large = checkLegality('commander', [commander, ...singles, forest(40)]);
    expect(large.problems.map((p) => p.code)).toEqual(['deck_too_large']);
    const dup = checkLegality('commander', [commander, ...singles.slice(1), card('Single 0', 2, { id: 's0' }), forest(38)]);
    expect(dup.problems).toEqual([{ code: 'too_many_copies', message: 'Commander allows at most 1 copy of Single 0; the deck has 2.', card_id: 's0' }]);
  });

  it('treats brawl and oathbreaker as 60-card singleton formats led from the commander board', () => {
    const singles = Array.from({ length: 20 }, (_, i) => card(`Single ${i}`, 1));
    const leader = card('The Leader', 1, { board: 'commander', type_line: 'Legendary Creature — Elf' });
    const walker = card('The Walker', 1, { board: 'commander', type_line: 'Legendary Planeswalker — Nissa' });
    const spell = card('The Spell', 1, { board: 'commander', type_line: 'Sorcery' });
    expect(checkLegality('brawl', [leader, ...singles, forest(39)])).toEqual({ legal: true, problems: [] });
    expect(checkLegality('brawl', [walker, ...singles, forest(39)])).toEqual({ legal: true, problems: [] });
    expect(checkLegality('oathbreaker', [walker, spell, ...singles, forest(38)])).toEqual({ legal: true, problems: [] });
    expect(checkLegality('brawl', [leader, ...singles, card('Single 0', 1), forest(38)]).problems.map((p) => p.code)).toEqual(['too_many_copies']);
    expect(checkLegality('oathbreaker', [walker, ...singles, forest(39)]).problems.map((p) => p.code)).toEqual(['signature_spell_missing']);
    expect(checkLegality('oathbreaker', [leader, spell, ...singles, forest(38)]).problems.map((p) => p.code)).toEqual(['invalid_commander']);
    // A signature spell with no oathbreaker leads nothing.
    expect(checkLegality('oathbreaker', [spell, ...singles, forest(39)]).problems).toEqual([
      { code: 'commander_missing', message: 'An oathbreaker deck needs a planeswalker in its commander board, beside its signature spell.' },
    ]);
  });

  describe('commander', () => {
    const cmd = (name: string, type_line: string, color_identity: string[], extra: Partial<LegalityCard> = {}): LegalityCard => ({
      ...card(name, 1, { board: 'commander', type_line, id: name }),
      color_identity,
      ...extra,
    });
    const colored = (name: string, color_identity: string[], board: Board = 'main'): LegalityCard => ({ ...card(name, 1, { board, id: name }), color_identity });
    /** 99 cards around one commander: singles of the given identity plus Forests. */
    const around = (identity: string[], n = 20) => [...Array.from({ length: n }, (_, i) => colored(`Single ${i}`, identity)), forest(99 - n)];

    it('requires a commander that is a legendary creature, or says it can be your commander', () => {
      const missing = checkLegality('commander', [...around(['G']), forest(1)]);
      expect(missing.problems).toEqual([{ code: 'commander_missing', message: 'A commander deck needs a legendary creature in its commander board.' }]);
      const notLegendary = checkLegality('commander', [cmd('Grizzly Bears', 'Creature — Bear', ['G']), ...around(['G'])]);
      expect(notLegendary.problems).toEqual([
        { code: 'invalid_commander', message: 'Grizzly Bears cannot lead a commander deck: it is not a legendary creature.', card_id: 'Grizzly Bears' },
      ]);
      const walker = cmd('Daretti', 'Legendary Planeswalker — Daretti', ['R'], { oracle_text: 'Daretti, Scrap Savant can be your commander.' });
      expect(checkLegality('commander', [walker, ...around(['R'])]).legal).toBe(true);
    });

    it('reports every card outside the commander colour identity, sideboard included, and lets colourless cards in', () => {
      const leader = cmd('Selesnya Leader', 'Legendary Creature — Elf', ['G', 'W']);
      const singles = Array.from({ length: 10 }, (_, i) => colored(`Single ${i}`, ['W']));
      const res = checkLegality('commander', [leader, colored('Wrong Colour', ['U']), colored('Half Wrong', ['G', 'B']), colored('Colourless Rock', []), ...singles, forest(86)]);
      expect(res.problems).toEqual([
        { code: 'color_identity', message: 'Wrong Colour (U) is outside the commander\'s colour identity (GW).', card_id: 'Wrong Colour' },
        { code: 'color_identity', message: 'Half Wrong (GB) is outside the commander\'s colour identity (GW).', card_id: 'Half Wrong' },
      ]);
      const side = checkLegality('commander', [leader, ...around(['G']), colored('Side Blue', ['U'], 'sideboard')]);
      expect(side.problems.map((p) => p.code)).toContain('color_identity');
      const maybe = checkLegality('commander', [leader, ...around(['G']), colored('Maybe Blue', ['U'], 'maybe')]);
      expect(maybe.legal).toBe(true);
    });

    it('allows two commanders only when they can pair, and unites their colour identities', () => {
      const a = cmd('Partner A', 'Legendary Creature — Human', ['U'], { keywords: ['Partner'] });
      const b = cmd('Partner B', 'Legendary Creature — Elf', ['G'], { keywords: ['Partner'] });
      const loner = cmd('Loner', 'Legendary Creature — Elf', ['G']);
      const pairDeck = [a, b, colored('Simic Spell', ['G', 'U']), ...Array.from({ length: 19 }, (_, i) => colored(`Single ${i}`, ['U'])), forest(78)];
      expect(checkLegality('commander', pairDeck)).toEqual({ legal: true, problems: [] });
      const unpaired = checkLegality('commander', [a, loner, ...pairDeck.slice(2)]);
      expect(unpaired.problems.map((p) => p.code)).toEqual(['too_many_commanders']);
      const chooser = cmd('Chooser', 'Legendary Creature — Elf', ['G'], { oracle_text: 'Choose a Background (You can have a Background as a second commander.)' });
      const background = cmd('Some Background', 'Legendary Enchantment — Background', ['W']);
      const lonerWithBackground = checkLegality('commander', [loner, background, ...Array.from({ length: 10 }, (_, i) => colored(`S ${i}`, ['G'])), forest(88)]);
      expect(lonerWithBackground.problems.map((p) => p.code)).toEqual(['invalid_commander', 'too_many_commanders']);
      expect(checkLegality('commander', [chooser, background, ...Array.from({ length: 10 }, (_, i) => colored(`S ${i}`, ['W'])), forest(88)])).toEqual({ legal: true, problems: [] });
    });

    it('pairs a "Partner with" commander only with the card it names, and a "Partner—kind" only with its kind (CR 702.124)', () => {
      // Scryfall gives "Partner with" cards the Partner keyword as well.
      const partnerWith = (name: string, other: string) =>
        cmd(name, 'Legendary Creature — Human', ['U'], { keywords: ['Partner with', 'Partner'], oracle_text: `Partner with ${other} (When this creature enters, target player may put ${other} into their hand.)\nFlying` });
      const pir = partnerWith('Pir, Imaginative Rascal', 'Toothy, Imaginary Friend');
      const toothy = partnerWith('Toothy, Imaginary Friend', 'Pir, Imaginative Rascal');
      const plain = cmd('Thrasios, Triton Hero', 'Legendary Creature — Merfolk', ['U'], { keywords: ['Partner'], oracle_text: 'Partner (You can have two commanders if both have partner.)' });
      const deck = (x: LegalityCard, y: LegalityCard) =>
        checkLegality('commander', [x, y, ...Array.from({ length: 20 }, (_, i) => colored(`Single ${i}`, ['U'])), forest(78)]);
      expect(deck(pir, toothy).problems).toEqual([]);
      expect(deck(pir, plain).problems.map((p) => p.code)).toEqual(['too_many_commanders']);
      expect(deck(plain, toothy).problems.map((p) => p.code)).toEqual(['too_many_commanders']);
      const friends = (name: string) => cmd(name, 'Legendary Creature — Human', ['U'], { keywords: ['Partner'], oracle_text: 'Partner—Friends forever (You can have two commanders if both have this ability.)' });
      const select = cmd('Player One', 'Legendary Creature — Human', ['U'], { keywords: ['Partner'], oracle_text: 'Partner—Character select (You can have two commanders if both have this ability.)' });
      expect(deck(friends('Will'), friends('Mike')).problems).toEqual([]);
      expect(deck(friends('Will'), select).problems.map((p) => p.code)).toEqual(['too_many_commanders']);
      expect(deck(friends('Will'), plain).problems.map((p) => p.code)).toEqual(['too_many_commanders']);
    });
  });

  it('counts a reversible printing ("X // X") as X, and lets a card allow more copies than the format (Seven Dwarves, Nazgûl)', () => {
    const bolt = card('Blightsteel Colossus', 4, { id: 'som' });
    const reversible = card('Blightsteel Colossus // Blightsteel Colossus', 1, { id: 'sld' });
    expect(checkLegality('legacy', [...sixty().slice(2), bolt, reversible, forest(3)]).problems).toEqual([
      { code: 'too_many_copies', message: 'Legacy allows at most 4 copies of Blightsteel Colossus; the deck has 5.', card_id: 'som' },
    ]);
    const dwarves = (n: number) => card('Seven Dwarves', n, { id: 'dwarves', oracle_text: 'Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\nA deck can have up to seven cards named Seven Dwarves.' });
    expect(checkLegality('modern', [...sixty().slice(2), dwarves(7), forest(1)]).problems).toEqual([]);
    expect(checkLegality('modern', [...sixty().slice(2), dwarves(8)]).problems).toEqual([
      { code: 'too_many_copies', message: 'Seven Dwarves allows at most 7 copies of Seven Dwarves; the deck has 8.', card_id: 'dwarves' },
    ]);
    const nazgul = card('Nazgûl', 9, { oracle_text: 'Deathtouch\nA deck can have up to nine cards named Nazgûl.' });
    expect(checkLegality('legacy', [...sixty().slice(3), nazgul, forest(3)]).problems).toEqual([]);
  });

  it('checks the format key of the legalities map', () => {
    const onlyModern = { modern: 'legal' };
    const deck = [...sixty().slice(1), card('Modern Only', 4, { legalities: onlyModern, id: 'mo' })];
    expect(checkLegality('modern', deck).legal).toBe(true);
    expect(checkLegality('pauper', deck).problems).toEqual([{ code: 'not_legal', message: 'Modern Only is not legal in pauper.', card_id: 'mo' }]);
  });

  it('reports a card once even when it sits on several boards', () => {
    const res = checkLegality('standard', [...sixty(), card('Old', 1, { legalities: {}, id: 'old' }), card('Old', 1, { board: 'sideboard', legalities: {}, id: 'old' })]);
    expect(res.problems).toEqual([{ code: 'not_legal', message: 'Old is not legal in standard.', card_id: 'old' }]);
  });

  it('accepts any card in limited but needs 40 main-deck cards', () => {
    const notLegalAnywhere = card('Anything', 8, { legalities: {} });
    expect(checkLegality('limited', [notLegalAnywhere, forest(32)])).toEqual({ legal: true, problems: [] });
    expect(checkLegality('limited', [notLegalAnywhere, forest(31)]).problems).toEqual([
      { code: 'deck_too_small', message: 'A limited deck needs at least 40 cards in its main deck; this one has 39.' },
    ]);
  });

  it('accepts everything in casual, even an empty deck', () => {
    expect(checkLegality('casual', [])).toEqual({ legal: true, problems: [] });
    expect(checkLegality('casual', [card('Anything', 50, { legalities: { vintage: 'banned' } })])).toEqual({ legal: true, problems: [] });
  });

  it('calls an empty constructed deck too small', () => {
    expect(checkLegality('standard', [])).toEqual({
      legal: false,
      problems: [{ code: 'deck_too_small', message: 'A standard deck needs at least 60 cards in its main deck; this one has 0.' }],
    });
  });
});
