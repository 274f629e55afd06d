/** Accumulates printings (streamed from the database page by page) and seals them into a CardIndex. */
import { Bitset } from './bitset.js';
import {
  CARD_FLAGS,
  cardFacts,
  cheapest,
  dayOf,
  PRINT_FLAGS,
  printingFacts,
  readFacts,
  ROW_KEYS,
  type CardFacts,
  type CardFlag,
  type Face,
  type IndexRow,
  type PrintFlag,
  type Raw,
} from './facts.js';
import { NEW_KINDS, type CardColumns, type CardIndex, type IndexSetRow, type NewKind } from './index.js';
import { buildBaseOrder } from './orders.js';
import { RARITY_RANK } from './parser.js';
import { TextColumn } from './text-column.js';
import { compactFolded, fold, looseFormsFolded } from './text.js';

/** Card-level facts with their texts interned in the builder's card columns. */
interface InternedFacts extends Omit<CardFacts, TextFact> {
  text: Record<TextFact, number>;
}
type TextFact = 'name' | 'nameRaw' | 'type' | 'oracle' | 'tilde' | 'full' | 'fullTilde' | 'keywords' | 'mana' | 'oracleId';
const TEXT_FACTS: readonly TextFact[] = ['name', 'nameRaw', 'type', 'oracle', 'tilde', 'full', 'fullTilde', 'keywords', 'mana', 'oracleId'];

/** Set types whose printings are extras whatever they are. */
const EXTRA_SET_TYPES = new Set(['memorabilia', 'token']);
const EXTRA_CARD_FLAGS: readonly CardFlag[] = ['token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard'];

const EMPTY_ROW: IndexRow = {
  id: '', oracle_id: null, name: '', lang: 'en', set_code: '', set_name: '', collector_number: '', rarity: 'common', layout: 'normal',
  released_at: null, finishes: '[]', price_usd: null, price_usd_foil: null, price_usd_etched: null, price_eur: null, price_eur_foil: null, price_tix: null,
};

let generations = 0;

/** Per-printing text columns, filled in arrival order and sealed in index order. */
function printColumns() {
  return {
    flavor: new TextColumn(),
    artist: new TextColumn(),
    lang: new TextColumn(),
    setCode: new TextColumn(),
    setType: new TextColumn(),
    cn: new TextColumn(),
    border: new TextColumn(),
    frame: new TextColumn(),
    frameEffects: new TextColumn(),
    games: new TextColumn(),
    watermark: new TextColumn(),
    stamp: new TextColumn(),
    promoTypes: new TextColumn(),
    illustration: new TextColumn(),
    rarityName: new TextColumn(),
  };
}

/** Per-printing numbers, filled in arrival order. */
function printNumbers() {
  return {
    usd: [] as number[], eur: [] as number[], tix: [] as number[], penny: [] as number[], released: [] as number[], spoiled: [] as number[],
    usdNonfoil: [] as number[], usdFoil: [] as number[], usdEtched: [] as number[], eurNonfoil: [] as number[], eurFoil: [] as number[],
    cnNum: [] as number[], rarity: [] as number[], artists: [] as number[], atypical: [] as number[], pref: [] as number[],
  };
}

export class IndexBuilder {
  private n = 0;
  private readonly ids: string[] = [];
  /** Card number of each printing, in order of the cards' first arrival. */
  private readonly arrivalGroup: number[] = [];
  private readonly groupOf = new Map<string, number>();
  /** Name of each card, and the printed (foreign) names of its printings. */
  private readonly groupNames: string[] = [];
  private readonly groupPrinted: Array<Set<string> | undefined> = [];
  private readonly facts: InternedFacts[] = [];
  private readonly cols = printColumns();
  private readonly nums = printNumbers();
  private readonly flagLists = new Map<PrintFlag, number[]>(PRINT_FLAGS.map((f) => [f, []]));
  private readonly reprintKnown: Array<boolean | undefined> = [];
  private readonly mtgo: Array<number | undefined> = [];
  private readonly multiverse = new Map<number, number[]>();
  private readonly cardText = {
    name: new TextColumn(), nameRaw: new TextColumn(), type: new TextColumn(), oracle: new TextColumn(), tilde: new TextColumn(),
    full: new TextColumn(), fullTilde: new TextColumn(), keywords: new TextColumn(), mana: new TextColumn(), oracleId: new TextColumn(),
  } satisfies Record<TextFact, TextColumn>;
  /** Facts every printing of a card shares, computed once per card and import. */
  private readonly oracleCache: Array<Map<string, InternedFacts> | undefined> = [];

  get count(): number {
    return this.n;
  }

  /** Adds a printing from its stored facts (`searchFacts`); false when they are of another version. */
  addFacts(facts: string): boolean {
    const stored = readFacts(facts);
    if (!stored) return false;
    const r = stored.row;
    if (r.length !== ROW_KEYS.length) return true;
    const s = (k: number) => (typeof r[k] === 'string' ? (r[k] as string) : '');
    const num = (k: number) => (typeof r[k] === 'number' ? (r[k] as number) : null);
    const row: IndexRow = {
      id: s(0), oracle_id: typeof r[1] === 'string' ? r[1] : null, name: s(2), lang: s(3), set_code: s(4), set_name: s(5),
      collector_number: s(6), rarity: s(7), layout: s(8), released_at: typeof r[9] === 'string' ? r[9] : null, finishes: s(10),
      price_usd: num(11), price_usd_foil: num(12), price_usd_etched: num(13), price_eur: num(14), price_eur_foil: num(15), price_tix: num(16),
    };
    // The card part is parsed only for a card not seen yet with this key (import and card part).
    this.add(row, stored.printing, row.oracle_id && typeof stored.importedAt === 'string' ? stored.importedAt : undefined, stored.card);
    return true;
  }

  /** Adds a printing from its row and full JSON (rows imported before facts were stored). */
  addCard(row: IndexRow, data: string): void {
    let raw: Raw;
    try {
      raw = JSON.parse(data) as Raw;
    } catch {
      raw = {};
    }
    this.add(row, raw, undefined, () => raw);
  }

  private internFacts(f: CardFacts): InternedFacts {
    const text = {} as Record<TextFact, number>;
    for (const k of TEXT_FACTS) text[k] = this.cardText[k].intern(f[k]);
    return { ...f, text };
  }

  /** `raw`: the printing's facts; `card()`: all of them, read only for a card not seen yet. */
  private add(row: IndexRow, raw: Raw, importedAt: string | undefined, card: () => Raw): void {
    const i = this.n++;
    const faces = Array.isArray(raw.card_faces) ? raw.card_faces : [];
    this.ids.push(row.id);
    const oracleKey = row.oracle_id ?? `#${row.id}`;
    let g = this.groupOf.get(oracleKey);
    if (g === undefined) {
      g = this.groupOf.size;
      this.groupOf.set(oracleKey, g);
      this.groupNames.push(row.name);
      this.groupPrinted.push(undefined);
    }
    this.arrivalGroup.push(g);

    // Printings share a card's facts by their key (facts.ts: the import and a digest of the
    // card part), so a partial import leaving printings from different files, or one file whose
    // printings disagree, keeps each printing's own; the card-level columns come from the
    // printing a search shows (`finishing`).
    let byImport = this.oracleCache[g];
    if (!byImport) this.oracleCache[g] = byImport = new Map();
    let o = importedAt === undefined ? undefined : byImport.get(importedAt);
    if (!o) {
      const all = card();
      o = this.internFacts(cardFacts(row, all, (all.card_faces ?? []) as Face[]));
      if (importedAt !== undefined) byImport.set(importedAt, o);
    }
    this.facts.push(o);

    const p = printingFacts(row, raw, faces as Face[]);
    const c = this.cols;
    if (p.printedNames.length) {
      let printed = this.groupPrinted[g];
      if (!printed) this.groupPrinted[g] = printed = new Set();
      for (const name of p.printedNames) printed.add(name);
    }
    c.flavor.push(c.flavor.intern(p.flavor));
    c.artist.push(c.artist.intern(p.artist));
    c.lang.push(c.lang.intern(row.lang.toLowerCase()));
    c.setCode.push(c.setCode.intern(row.set_code));
    c.setType.push(c.setType.intern(p.setType));
    c.cn.push(c.cn.intern(row.collector_number.toLowerCase()));
    c.border.push(c.border.intern(p.border));
    c.frame.push(c.frame.intern(p.frame));
    c.frameEffects.push(c.frameEffects.intern(p.frameEffects));
    c.games.push(c.games.intern(p.games));
    c.watermark.push(c.watermark.intern(p.watermark));
    c.stamp.push(c.stamp.intern(p.stamp));
    c.promoTypes.push(c.promoTypes.intern(p.promoTypes));
    c.illustration.push(c.illustration.intern(p.illustration));
    c.rarityName.push(c.rarityName.intern(row.rarity));

    const nums = this.nums;
    nums.usd.push(cheapest(row.price_usd, row.price_usd_foil, row.price_usd_etched));
    nums.eur.push(cheapest(row.price_eur, row.price_eur_foil));
    nums.tix.push(cheapest(row.price_tix));
    nums.usdNonfoil.push(cheapest(row.price_usd));
    nums.usdFoil.push(cheapest(row.price_usd_foil));
    nums.usdEtched.push(cheapest(row.price_usd_etched));
    nums.eurNonfoil.push(cheapest(row.price_eur));
    nums.eurFoil.push(cheapest(row.price_eur_foil));
    nums.penny.push(p.penny);
    const released = dayOf(row.released_at);
    nums.released.push(released);
    nums.spoiled.push(p.previewDay || released || NaN);
    const cnm = /^\d+/.exec(row.collector_number);
    nums.cnNum.push(cnm ? Number(cnm[0]) : NaN);
    nums.rarity.push(RARITY_RANK[row.rarity] ?? 0);
    nums.artists.push(Math.min(255, p.artists));
    nums.atypical.push(p.atypical);
    // Preference among printings of one card: English, paper, non-promo, newest.
    nums.pref.push((row.lang === 'en' ? 0 : 4e8) + (raw.digital === true ? 2e8 : 0) + (raw.promo === true ? 1e8 : 0) + (99999999 - released));
    this.mtgo.push(p.mtgo);
    if (p.multiverse.length) this.multiverse.set(i, p.multiverse);
    this.reprintKnown.push(p.reprint);
    for (const f of p.flags) this.flagLists.get(f)?.push(i);
  }

  /** The index, built in one go (tests, the CLI). A serving process uses `finishing`, which lets requests in. */
  finish(setRows: IndexSetRow[], version: string): CardIndex {
    const steps = this.finishing(setRows, version);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The index, built in steps: the generator stops (yields) between parts of the work of at
   * most some tens of milliseconds at 100,000 printings, so a caller can hand the event loop
   * to requests between them (`lifecycle.ts`) instead of stalling the process for seconds.
   */
  *finishing(setRows: IndexSetRow[], version: string): Generator<void, CardIndex, void> {
    const n = this.n;
    const nums = this.nums;

    // Cards in order of first arrival; printings grouped by card, each card's in preference order.
    const groupOf = this.groupOf;
    const arrivalGroup = Int32Array.from(this.arrivalGroup);
    this.arrivalGroup.length = 0;
    const cardCount = groupOf.size;
    const setText = this.cols.setCode;
    const cnText = this.cols.cn;
    setText.seal();
    cnText.seal();
    // Printings bucketed by card (a counting sort: the cards are already numbered), then
    // each card's few printings sorted by preference.
    const starts = new Int32Array(cardCount + 1);
    for (const g of arrivalGroup) starts[g + 1] = (starts[g + 1] ?? 0) + 1;
    for (let g = 0; g < cardCount; g++) starts[g + 1] = (starts[g + 1] ?? 0) + (starts[g] ?? 0);
    const order = new Int32Array(n);
    const fill = starts.slice(0, cardCount);
    arrivalGroup.forEach((g, old) => {
      const k = fill[g] ?? 0;
      order[k] = old;
      fill[g] = k + 1;
    });
    const byPreference = (a: number, b: number) =>
      (nums.pref[a] ?? 0) - (nums.pref[b] ?? 0) ||
      cmp(setText.get(a), setText.get(b)) ||
      cmpNum(nums.cnNum[a] ?? NaN, nums.cnNum[b] ?? NaN) ||
      cmp(cnText.get(a), cnText.get(b)) ||
      a - b;
    for (let g = 0; g < cardCount; g++) {
      const from = starts[g] ?? 0;
      const to = starts[g + 1] ?? 0;
      if (to - from > 1) order.set(Array.from(order.subarray(from, to)).sort(byPreference), from);
      if ((g & 4095) === 4095) yield;
    }
    yield;
    const at = (k: number) => order[k] ?? 0;
    const newOf = new Int32Array(n);
    order.forEach((old, k) => {
      newOf[old] = k;
    });
    const remap = (list: Iterable<number>) => Array.from(list, (old) => newOf[old] ?? 0);

    const group = Int32Array.from(order, (old) => arrivalGroup[old] ?? 0);
    const groupStart = new Int32Array(cardCount + 1);
    for (let i = 0; i < n; i++) groupStart[(group[i] ?? 0) + 1] = i + 1;
    for (let g = 1; g <= cardCount; g++) groupStart[g] = Math.max(groupStart[g] ?? 0, groupStart[g - 1] ?? 0);
    const first = (g: number) => groupStart[g] ?? 0;

    const ids = Array.from(order, (old) => this.ids[old] ?? '');
    const cardNames = this.groupNames;
    const names = Array.from(group, (g) => cardNames[g] ?? '');
    const f64 = (a: number[]) => Float64Array.from(order, (old) => a[old] ?? NaN);

    const c = this.cols;
    for (const col of Object.values(c)) {
      if (col === setText || col === cnText) continue;
      col.seal(order);
      yield;
    }
    // set and number were sealed in arrival order for the sort above.
    setText.ids = Int32Array.from(order, (old) => setText.ids[old] ?? 0);
    cnText.ids = Int32Array.from(order, (old) => cnText.ids[old] ?? 0);

    const released = Int32Array.from(order, (old) => nums.released[old] ?? 0);
    const flagBits = new Map<PrintFlag, Bitset>(PRINT_FLAGS.map((f) => [f, Bitset.of(n, remap(this.flagLists.get(f) ?? []))]));
    yield;

    // Card-level columns from each card's preferred printing.
    const factsOf = (g: number): InternedFacts | undefined => this.facts[at(first(g))];
    const cardArr = (key: keyof Pick<CardFacts, 'cmc' | 'pow0' | 'pow1' | 'tou0' | 'tou1' | 'loy0' | 'loy1' | 'edhrec'>) =>
      Float64Array.from({ length: cardCount }, (_, g) => factsOf(g)?.[key] ?? NaN);
    const cardMask = (key: 'colors' | 'identity' | 'produces') => Uint8Array.from({ length: cardCount }, (_, g) => factsOf(g)?.[key] ?? 0);
    const cardFlagLists = new Map<CardFlag, number[]>(CARD_FLAGS.map((f) => [f, []]));
    const legality = { legal: new Map<string, number[]>(), banned: new Map<string, number[]>(), restricted: new Map<string, number[]>() };
    /** Each card's names, folded. */
    const cardNameList: string[][] = [];
    for (let g = 0; g < cardCount; g++) {
      const o = factsOf(g);
      // A card is found by the printed (foreign) names of any of its printings too.
      const printed = this.groupPrinted[g] ?? new Set<string>();
      const all = [...(o?.names ?? []), ...[...printed].filter((p) => !o?.names.includes(p))];
      const folded = all.map(fold);
      cardNameList.push(folded);
      const text = { ...(o?.text ?? this.internFacts(cardFacts({ ...EMPTY_ROW, name: cardNames[g] ?? '' }, {}, [])).text) };
      if (printed.size) {
        text.name = this.cardText.name.intern(folded.flatMap(looseFormsFolded).join('\n'));
        text.nameRaw = this.cardText.nameRaw.intern(folded.join('\n'));
      }
      for (const k of TEXT_FACTS) this.cardText[k].push(text[k]);
      for (const f of o?.flags ?? []) cardFlagLists.get(f)?.push(g);
      for (const [format, status] of o?.legalities ?? []) {
        const m = legality[status];
        const list = m.get(format);
        if (list) list.push(g);
        else m.set(format, [g]);
      }
      if ((g & 1023) === 1023) yield;
    }
    for (const col of Object.values(this.cardText)) {
      col.seal();
      yield;
    }
    yield* this.cardText.name.enablingTrigrams();
    yield* this.cardText.oracle.enablingTrigrams();
    const cardBits = (list: number[]) => Bitset.of(cardCount, list);

    // Per card: distinct printings (set + number), sets, paper ones, artworks; reprints; newness.
    const counts = cardCounts(cardCount, groupStart, setText, cnText, c.games, c.illustration);
    yield;
    const firstDay = new Int32Array(cardCount).fill(2147483647);
    for (let i = 0; i < n; i++) {
      const d = released[i] ?? 0;
      const g = group[i] ?? 0;
      if (d > 0 && d < (firstDay[g] ?? 0)) firstDay[g] = d;
    }
    const reprint = flagBits.get('reprint') ?? new Bitset(n);
    const firstprint = flagBits.get('firstprint') ?? new Bitset(n);
    for (let i = 0; i < n; i++) {
      const known = this.reprintKnown[at(i)];
      const d = released[i] ?? 0;
      if (known ?? d > (firstDay[group[i] ?? 0] ?? 0)) reprint.set(i);
      else firstprint.set(i);
    }
    const newKeyColumn: Record<NewKind, TextColumn> = {
      art: c.illustration, artist: c.artist, flavor: c.flavor, frame: c.frame, language: c.lang, rarity: c.rarityName,
    };
    const newness = new Map<NewKind, Bitset>();
    for (const k of NEW_KINDS) {
      newness.set(k, firstWithValue(n, group, released, newKeyColumn[k]));
      yield;
    }

    // English first: other languages only for cards with no English printing.
    const en = c.lang.strings.indexOf('en');
    const hasEnglish = new Uint8Array(cardCount);
    for (let i = 0; i < n; i++) if ((c.lang.ids[i] ?? -1) === en) hasEnglish[group[i] ?? 0] = 1;
    const defaultLang = Bitset.where(n, (i) => (c.lang.ids[i] ?? -1) === en || hasEnglish[group[i] ?? 0] === 0);
    yield;

    const cardFlags = new Map(CARD_FLAGS.map((f) => [f, cardBits(cardFlagLists.get(f) ?? [])]));
    const legal = new Map([...legality.legal].map(([k, v]) => [k, cardBits(v)]));
    const banned = new Map([...legality.banned].map(([k, v]) => [k, cardBits(v)]));
    const restricted = new Map([...legality.restricted].map(([k, v]) => [k, cardBits(v)]));
    yield;
    const cards: CardColumns = {
      name: this.cardText.name,
      nameRaw: this.cardText.nameRaw,
      type: this.cardText.type,
      oracle: this.cardText.oracle,
      oracleTilde: this.cardText.tilde,
      fullOracle: this.cardText.full,
      fullTilde: this.cardText.fullTilde,
      keywords: this.cardText.keywords,
      mana: this.cardText.mana,
      oracleId: this.cardText.oracleId,
      cmc: cardArr('cmc'),
      pow: [cardArr('pow0'), cardArr('pow1')],
      tou: [cardArr('tou0'), cardArr('tou1')],
      loy: [cardArr('loy0'), cardArr('loy1')],
      edhrec: cardArr('edhrec'),
      colors: cardMask('colors'),
      identity: cardMask('identity'),
      produces: cardMask('produces'),
      flags: cardFlags,
      legal,
      banned,
      restricted,
      ...counts,
    };
    yield;

    // Extras: by what the card is, or by the kind of set the printing is in.
    const extraCards = new Bitset(cardCount);
    for (const f of EXTRA_CARD_FLAGS) extraCards.or(cards.flags.get(f) ?? new Bitset(cardCount));
    const extraSetTypeIds = new Uint8Array(c.setType.strings.length);
    c.setType.strings.forEach((t, id) => {
      extraSetTypeIds[id] = EXTRA_SET_TYPES.has(t) ? 1 : 0;
    });
    const extras = Bitset.where(n, (i) => extraCards.has(group[i] ?? 0) || extraSetTypeIds[c.setType.ids[i] ?? 0] === 1);
    yield;
    const extraSets = new Set<string>();
    const extraSetTypes = new Set<string>();
    extras.forEach((i) => {
      extraSets.add(setText.get(i));
      extraSetTypes.add(c.setType.get(i));
    });

    const artKeys = new Map<string, number>();
    const art = Int32Array.from({ length: n }, (_, i) => {
      const illus = c.illustration.get(i);
      const key = illus ? `${group[i] ?? 0}:${illus}` : `#${i}`;
      let a = artKeys.get(key);
      if (a === undefined) {
        a = artKeys.size;
        artKeys.set(key, a);
      }
      return a;
    });

    yield;
    // Cards keep their arrival numbers: the sort put their printings in that order.
    const oracleGroup = new Map<string, number>();
    for (const [key, g] of groupOf) if (!key.startsWith('#')) oracleGroup.set(key, g);

    const byId = new Map(ids.map((id, i) => [id, i]));
    yield;
    const prices = {
      usd: f64(nums.usd),
      eur: f64(nums.eur),
      tix: f64(nums.tix),
      penny: f64(nums.penny),
      finishPrice: {
        usd: { nonfoil: f64(nums.usdNonfoil), foil: f64(nums.usdFoil), etched: f64(nums.usdEtched) },
        eur: { nonfoil: f64(nums.eurNonfoil), foil: f64(nums.eurFoil) },
      },
    };
    yield;
    const index: CardIndex = {
      version,
      generation: ++generations,
      size: n,
      cardCount,
      ids,
      byId,
      group,
      groupStart,
      oracleGroup,
      art,
      artCount: artKeys.size,
      names,
      cards,
      flavor: c.flavor,
      artist: c.artist,
      lang: c.lang,
      setCode: setText,
      setType: c.setType,
      cn: cnText,
      border: c.border,
      frame: c.frame,
      frameEffects: c.frameEffects,
      games: c.games,
      watermark: c.watermark,
      stamp: c.stamp,
      promoTypes: c.promoTypes,
      illustration: c.illustration,
      rarityName: c.rarityName,
      ...prices,
      released,
      day: Float64Array.from(released, (d) => (d > 0 ? d : NaN)),
      spoiled: f64(nums.spoiled),
      cnNum: f64(nums.cnNum),
      rarity: Uint8Array.from(order, (old) => nums.rarity[old] ?? 0),
      artists: Uint8Array.from(order, (old) => nums.artists[old] ?? 0),
      atypical: Uint8Array.from(order, (old) => nums.atypical[old] ?? 0),
      flags: flagBits,
      newness,
      defaultLang,
      extras,
      variations: flagBits.get('variation') ?? new Bitset(n),
      extraSets,
      extraSetTypes,
      sets: new Map(setRows.map((s) => [s.code, { code: s.code, name: s.name, set_type: s.set_type, released_at: s.released_at, day: dayOf(s.released_at) }])),
      orders: new Map(),
      base: new Int32Array(0),
      exactName: new Map(),
      compactNames: [],
      compactGroups: [],
      bySetNumber: new Map(),
      byMtgo: new Map(),
      byMultiverse: new Map(),
      byIllustration: new Map(),
      memo: new Map(),
    };

    yield;
    // Look-ups by identifier; with several languages of one printing, the preferred (first) wins.
    for (let i = 0; i < n; i++) {
      const key = `${setText.get(i)}\u0000${cnText.get(i)}`;
      if (!index.bySetNumber.has(key)) index.bySetNumber.set(key, i);
      const old = at(i);
      const mtgo = this.mtgo[old];
      if (mtgo !== undefined && !index.byMtgo.has(mtgo)) index.byMtgo.set(mtgo, i);
      for (const m of this.multiverse.get(old) ?? []) if (!index.byMultiverse.has(m)) index.byMultiverse.set(m, i);
      const illus = c.illustration.get(i);
      if (illus) {
        const list = index.byIllustration.get(illus);
        if (list) list.push(i);
        else index.byIllustration.set(illus, [i]);
      }
      if ((i & 16383) === 16383) yield;
    }
    yield;

    // Name look-ups: every full, face and printed name of each card.
    const compactMap = new Map<string, number[]>();
    for (let g = 0; g < cardCount; g++) {
      for (const f of cardNameList[g] ?? []) {
        const k = compactFolded(f);
        const list = index.exactName.get(f);
        if (!list) index.exactName.set(f, [g]);
        else if (!list.includes(g)) list.push(g);
        if (!k) continue;
        const groups = compactMap.get(k);
        if (!groups) compactMap.set(k, [g]);
        else if (groups[groups.length - 1] !== g) groups.push(g);
      }
      if ((g & 4095) === 4095) yield;
    }
    yield;
    for (const [k, gs] of compactMap) {
      index.compactNames.push(k);
      index.compactGroups.push(gs);
    }

    yield;
    index.base = buildBaseOrder(index, cardNames);
    return index;
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Numbers ascending, unknown (NaN) ones after known ones. */
function cmpNum(a: number, b: number): number {
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return a - b;
}

/** How many printings, sets, paper printings, paper sets and artworks each card has. */
function cardCounts(
  cardCount: number,
  groupStart: Int32Array,
  setCode: TextColumn,
  cn: TextColumn,
  games: TextColumn,
  illustration: TextColumn,
): Pick<CardColumns, 'prints' | 'sets' | 'paperPrints' | 'paperSets' | 'illustrations'> {
  const out = {
    prints: new Float64Array(cardCount), sets: new Float64Array(cardCount), paperPrints: new Float64Array(cardCount),
    paperSets: new Float64Array(cardCount), illustrations: new Float64Array(cardCount),
  };
  const paper = Uint8Array.from(games.strings, (s) => (s.includes('\u0001paper\u0001') ? 1 : 0));
  for (let g = 0; g < cardCount; g++) {
    const prints = new Set<string>();
    const sets = new Set<number>();
    const paperPrints = new Set<string>();
    const paperSets = new Set<number>();
    const arts = new Set<number>();
    for (let i = groupStart[g] ?? 0; i < (groupStart[g + 1] ?? 0); i++) {
      const s = setCode.ids[i] ?? 0;
      const key = `${s}:${cn.ids[i] ?? 0}`;
      prints.add(key);
      sets.add(s);
      if (paper[games.ids[i] ?? 0] === 1) {
        paperPrints.add(key);
        paperSets.add(s);
      }
      if (illustration.get(i)) arts.add(illustration.ids[i] ?? 0);
    }
    out.prints[g] = prints.size;
    out.sets[g] = sets.size;
    out.paperPrints[g] = paperPrints.size;
    out.paperSets[g] = paperSets.size;
    out.illustrations[g] = arts.size;
  }
  return out;
}

/**
 * The printings that are their card's first (by release day) with their value in
 * `column`: new art, a new artist, new flavour text... Printings without a value or a
 * release day are never new.
 */
function firstWithValue(n: number, group: Int32Array, released: Int32Array, column: TextColumn): Bitset {
  const width = column.strings.length;
  const empty = column.strings.indexOf('');
  const earliest = new Map<number, number>();
  const keyOf = (i: number) => (group[i] ?? 0) * width + (column.ids[i] ?? 0);
  for (let i = 0; i < n; i++) {
    const d = released[i] ?? 0;
    if (d === 0 || column.ids[i] === empty) continue;
    const k = keyOf(i);
    const e = earliest.get(k);
    if (e === undefined || d < e) earliest.set(k, d);
  }
  return Bitset.where(n, (i) => (released[i] ?? 0) > 0 && column.ids[i] !== empty && earliest.get(keyOf(i)) === released[i]);
}
