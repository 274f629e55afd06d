/** Accumulates printings (streamed from the database page by page) and seals them into a CardIndex. */
import { Bitset } from './bitset.js';
import { cardFacts, cheapest, dayOf, FLAG_NAMES, ROW_KEYS, str, strs, type CardFacts, type Face, type FlagName, type IndexRow, type Raw } from './facts.js';
import type { CardIndex, IndexSet, IndexSetRow } from './index.js';
import { buildOrders } from './orders.js';
import { RARITY_RANK } from './parser.js';
import { TextColumn } from './text-column.js';
import { compact, fold, loose } from './text.js';

/** Card-level facts with their texts interned in the builder's columns. */
type OracleFacts = Omit<CardFacts, TextFact> & Record<TextFact, number>;
type TextFact = 'name' | 'nameRaw' | 'type' | 'oracle' | 'tilde' | 'full' | 'keywords' | 'mana' | 'oracleId';

let generations = 0;

/** Accumulates rows (streamed from the database page by page) and seals them into a CardIndex. */
export class IndexBuilder {
  private n = 0;
  private readonly ids: string[] = [];
  private readonly oracleKeys: string[] = [];
  private readonly artKeys: string[] = [];
  private readonly displayNames: string[] = [];
  private readonly nameCol = new TextColumn();
  private readonly nameRawCol = new TextColumn();
  private readonly typeCol = new TextColumn();
  private readonly oracleCol = new TextColumn();
  private readonly tildeCol = new TextColumn();
  private readonly fullOracleCol = new TextColumn();
  private readonly flavorCol = new TextColumn();
  private readonly artistCol = new TextColumn();
  private readonly keywordCol = new TextColumn();
  private readonly manaCol = new TextColumn();
  private readonly langCol = new TextColumn();
  private readonly setCol = new TextColumn();
  private readonly setTypeCol = new TextColumn();
  private readonly cnCol = new TextColumn();
  private readonly borderCol = new TextColumn();
  private readonly frameCol = new TextColumn();
  private readonly gamesCol = new TextColumn();
  private readonly watermarkCol = new TextColumn();
  private readonly oracleIdCol = new TextColumn();
  private readonly nums = {
    cmc: [] as number[], pow0: [] as number[], pow1: [] as number[], tou0: [] as number[], tou1: [] as number[],
    loy0: [] as number[], loy1: [] as number[], usd: [] as number[], eur: [] as number[], tix: [] as number[],
    released: [] as number[], edhrec: [] as number[], cnNum: [] as number[], rarity: [] as number[],
    colors: [] as number[], identity: [] as number[], produces: [] as number[], pref: [] as number[],
  };
  private readonly flagLists = new Map<FlagName, number[]>(FLAG_NAMES.map((f) => [f, []]));
  private readonly legality = { legal: new Map<string, number[]>(), banned: new Map<string, number[]>(), restricted: new Map<string, number[]>() };
  private readonly reprintKnown: Array<boolean | undefined> = [];
  private readonly mtgo = new Map<number, number>();
  private readonly multiverse = new Map<number, number>();
  private readonly illustration = new Map<string, number[]>();
  private readonly setNumber = new Map<string, number>();
  private readonly faceNames: string[][] = [];
  private readonly printedNames = new Map<number, string[]>();

  get count(): number {
    return this.n;
  }

  private flag(name: FlagName, i: number): void {
    this.flagLists.get(name)!.push(i);
  }

  /** Facts every printing of a card shares, computed once per oracle id. */
  private readonly oracleCache = new Map<string, OracleFacts>();

  private oracleFacts(row: IndexRow, raw: Raw, faces: Face[]): OracleFacts {
    const f = cardFacts(row, raw, faces);
    return {
      ...f,
      name: this.nameCol.intern(f.name),
      nameRaw: this.nameRawCol.intern(f.nameRaw),
      type: this.typeCol.intern(f.type),
      oracle: this.oracleCol.intern(f.oracle),
      tilde: this.tildeCol.intern(f.tilde),
      full: this.fullOracleCol.intern(f.full),
      keywords: this.keywordCol.intern(f.keywords),
      mana: this.manaCol.intern(f.mana),
      oracleId: this.oracleIdCol.intern(f.oracleId),
    };
  }

  /** Adds a printing from its stored facts (`searchFacts`). */
  addFacts(facts: string): void {
    let parsed: Raw & { r?: unknown[]; at?: unknown };
    try {
      parsed = JSON.parse(facts) as Raw & { r?: unknown[]; at?: unknown };
    } catch {
      return;
    }
    if (!Array.isArray(parsed.r) || parsed.r.length !== ROW_KEYS.length) return;
    const r = parsed.r as [string, string | null, string, string, string, string, string, string, string, string | null, string, ...Array<number | null>];
    const row: IndexRow = {
      id: r[0], oracle_id: r[1], name: r[2], lang: r[3], set_code: r[4], set_name: r[5], collector_number: r[6], rarity: r[7],
      layout: r[8], released_at: r[9], finishes: r[10], price_usd: r[11] ?? null, price_usd_foil: r[12] ?? null,
      price_usd_etched: r[13] ?? null, price_eur: r[14] ?? null, price_eur_foil: r[15] ?? null, price_tix: r[16] ?? null,
    };
    this.add(row, parsed, row.oracle_id && typeof parsed.at === 'string' ? `${row.oracle_id}\u0000${parsed.at}` : undefined);
  }

  /** Adds a printing from its row and full JSON (rows imported before facts were stored). */
  addCard(row: IndexRow, data: string): void {
    let raw: Raw;
    try {
      raw = JSON.parse(data) as Raw;
    } catch {
      raw = {};
    }
    this.add(row, raw, undefined);
  }

  private add(row: IndexRow, raw: Raw, cacheKey: string | undefined): void {
    const i = this.n++;
    const faces = Array.isArray(raw.card_faces) ? raw.card_faces : [];
    const front: Face = faces[0] ?? raw;
    this.ids.push(row.id);
    this.oracleKeys.push(row.oracle_id ?? `#${row.id}`);
    const illus = str(raw.illustration_id) || str(front.illustration_id);
    this.artKeys.push(illus ? `${row.oracle_id ?? row.id}:${illus}` : `#${row.id}`);
    this.displayNames.push(row.name);
    if (illus) {
      const list = this.illustration.get(illus);
      if (list) list.push(i);
      else this.illustration.set(illus, [i]);
    }

    // Scryfall's card-level fields agree across printings within one bulk file, but a
    // partial import can leave printings of one card from different files: the key is both.
    let o = cacheKey ? this.oracleCache.get(cacheKey) : undefined;
    if (!o) {
      o = this.oracleFacts(row, raw, faces);
      if (cacheKey) this.oracleCache.set(cacheKey, o);
    }
    this.faceNames.push(o.names);
    const printed = [str(raw.printed_name), ...faces.map((f) => str(f.printed_name))].filter(Boolean);
    if (printed.length) this.printedNames.set(i, printed);
    if (printed.length) {
      // Printed (foreign) names are searchable too, on this printing only.
      const all = [...o.names, ...printed];
      this.nameCol.push(this.nameCol.intern(all.map(loose).join('\n')));
      this.nameRawCol.push(this.nameRawCol.intern(all.map(fold).join('\n')));
    } else {
      this.nameCol.push(o.name);
      this.nameRawCol.push(o.nameRaw);
    }
    this.typeCol.push(o.type);
    this.oracleCol.push(o.oracle);
    this.tildeCol.push(o.tilde);
    this.fullOracleCol.push(o.full);
    this.keywordCol.push(o.keywords);
    this.manaCol.push(o.mana);
    this.oracleIdCol.push(o.oracleId);
    this.flavorCol.push(this.flavorCol.intern(fold([str(raw.flavor_text), ...faces.map((f) => str(f.flavor_text))].filter(Boolean).join('\n'))));
    this.artistCol.push(this.artistCol.intern(fold([...new Set([str(raw.artist), ...faces.map((f) => str(f.artist))].filter(Boolean))].join('\n'))));
    this.langCol.push(this.langCol.intern(row.lang.toLowerCase()));
    this.setCol.push(this.setCol.intern(row.set_code));
    this.setTypeCol.push(this.setTypeCol.intern(str(raw.set_type).toLowerCase()));
    const cn = row.collector_number.toLowerCase();
    this.cnCol.push(this.cnCol.intern(cn));
    this.setNumber.set(`${row.set_code}\u0000${cn}`, i);
    this.borderCol.push(this.borderCol.intern(str(raw.border_color).toLowerCase()));
    this.frameCol.push(this.frameCol.intern(str(raw.frame).toLowerCase()));
    this.gamesCol.push(this.gamesCol.intern(`\u0001${strs(raw.games).join('\u0001')}\u0001`));
    this.watermarkCol.push(this.watermarkCol.intern(fold(str(raw.watermark) || faces.map((f) => str((f as { watermark?: unknown }).watermark)).find(Boolean) || '')));

    const nums = this.nums;
    nums.cmc.push(o.cmc);
    nums.pow0.push(o.pow0);
    nums.pow1.push(o.pow1);
    nums.tou0.push(o.tou0);
    nums.tou1.push(o.tou1);
    nums.loy0.push(o.loy0);
    nums.loy1.push(o.loy1);
    nums.usd.push(cheapest(row.price_usd, row.price_usd_foil, row.price_usd_etched));
    nums.eur.push(cheapest(row.price_eur, row.price_eur_foil, null));
    nums.tix.push(cheapest(row.price_tix, null, null));
    const released = dayOf(row.released_at);
    nums.released.push(released);
    nums.edhrec.push(o.edhrec);
    const cnm = /^\d+/.exec(row.collector_number);
    nums.cnNum.push(cnm ? Number(cnm[0]) : NaN);
    nums.rarity.push(RARITY_RANK[row.rarity] ?? 0);
    nums.colors.push(o.colors);
    nums.identity.push(o.identity);
    nums.produces.push(o.produces);
    if (typeof raw.mtgo_id === 'number') this.mtgo.set(raw.mtgo_id, i);
    if (Array.isArray(raw.multiverse_ids)) for (const m of raw.multiverse_ids) if (typeof m === 'number') this.multiverse.set(m, i);

    // Preference among printings of one card: English, paper, non-promo, newest.
    nums.pref.push((row.lang === 'en' ? 0 : 4e8) + (raw.digital === true ? 2e8 : 0) + (raw.promo === true ? 1e8 : 0) + (99999999 - released));

    for (const f of o.flags) this.flag(f, i);
    let finishes: unknown = [];
    try {
      finishes = JSON.parse(row.finishes);
    } catch {
      /* none */
    }
    if (Array.isArray(finishes)) for (const f of finishes) if (f === 'foil' || f === 'nonfoil' || f === 'etched' || f === 'glossy') this.flag(f, i);
    this.reprintKnown.push(typeof raw.reprint === 'boolean' ? raw.reprint : undefined);
    if (raw.promo === true) this.flag('promo', i);
    if (raw.digital === true) this.flag('digital', i);
    if (raw.full_art === true) this.flag('fullart', i);
    if (raw.textless === true) this.flag('textless', i);
    if (raw.oversized === true) this.flag('oversized', i);
    if (raw.booster === true) this.flag('booster', i);
    if (raw.story_spotlight === true) this.flag('spotlight', i);
    if (raw.set_type === 'funny') this.flag('funny', i);
    for (const [format, status] of o.legalities) {
      const m = this.legality[status];
      const list = m.get(format);
      if (list) list.push(i);
      else m.set(format, [i]);
    }
  }

  finish(setRows: IndexSetRow[], version: string): CardIndex {
    const n = this.n;
    const bits = (list: number[]) => {
      const b = new Bitset(n);
      for (const i of list) b.set(i);
      return b;
    };
    for (const col of this.columns()) col.seal();
    // Names and rules texts are what most searches scan; the rest are small or rare.
    this.nameCol.enableTrigrams();
    this.oracleCol.enableTrigrams();
    const f64 = (a: number[]) => Float64Array.from(a);
    const nums = this.nums;

    // groups (cards) and artworks
    const oracleGroup = new Map<string, number>();
    const group = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.oracleKeys[i]!;
      let g = oracleGroup.get(key);
      if (g === undefined) {
        g = oracleGroup.size;
        oracleGroup.set(key, g);
      }
      group[i] = g;
    }
    const groupCount = oracleGroup.size;
    for (const key of [...oracleGroup.keys()]) if (key.startsWith('#')) oracleGroup.delete(key);
    const artMap = new Map<string, number>();
    const art = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.artKeys[i]!;
      let a = artMap.get(key);
      if (a === undefined) {
        a = artMap.size;
        artMap.set(key, a);
      }
      art[i] = a;
    }

    const pref = f64(nums.pref);
    const name = this.nameRawCol;
    // Base order: name, then newest first, then set and number; ties between orders fall back on it.
    const base = Array.from({ length: n }, (_, i) => i);
    const cnStr = this.cnCol;
    const setStr = this.setCol;
    const released = Int32Array.from(nums.released);
    const cnNum = f64(nums.cnNum);
    const nameKey = this.displayNames.map((d) => fold(d));
    base.sort((a, b) => {
      const na = nameKey[a]!;
      const nb = nameKey[b]!;
      if (na !== nb) return na < nb ? -1 : 1;
      if (released[a] !== released[b]) return released[b]! - released[a]!;
      const sa = setStr.get(a);
      const sb = setStr.get(b);
      if (sa !== sb) return sa < sb ? -1 : 1;
      const ca = cnNum[a]!;
      const cb = cnNum[b]!;
      if (ca !== cb && !Number.isNaN(ca) && !Number.isNaN(cb)) return ca - cb;
      const xa = cnStr.get(a);
      const xb = cnStr.get(b);
      return xa < xb ? -1 : xa > xb ? 1 : a - b;
    });
    const baseRank = new Int32Array(n);
    base.forEach((p, r) => (baseRank[p] = r));

    const preference = Int32Array.from(base).sort((a, b) => pref[a]! - pref[b]! || baseRank[a]! - baseRank[b]!);

    // printings of each group in preference order (CSR)
    const groupStart = new Int32Array(groupCount + 1);
    for (let i = 0; i < n; i++) groupStart[group[i]! + 1]! += 1;
    for (let g = 0; g < groupCount; g++) groupStart[g + 1]! += groupStart[g]!;
    const fill = groupStart.slice(0, groupCount);
    const groupMembers = new Int32Array(n);
    for (const i of preference) groupMembers[fill[group[i]!]!++] = i;

    // reprint / first print / unique
    const firstDay = new Int32Array(groupCount).fill(2147483647);
    for (let i = 0; i < n; i++) if (released[i]! > 0 && released[i]! < firstDay[group[i]!]!) firstDay[group[i]!] = released[i]!;
    for (let i = 0; i < n; i++) {
      const known = this.reprintKnown[i];
      const reprint = known ?? (released[i]! > firstDay[group[i]!]!);
      this.flag(reprint ? 'reprint' : 'firstprint', i);
      const g = group[i]!;
      if (groupStart[g + 1]! - groupStart[g]! === 1) this.flag('unique', i);
    }

    // English first: other languages only for cards with no English printing.
    const hasEnglish = new Uint8Array(groupCount);
    for (let i = 0; i < n; i++) if (this.langCol.get(i) === 'en') hasEnglish[group[i]!] = 1;
    const defaultLang = new Bitset(n);
    for (let i = 0; i < n; i++) if (this.langCol.get(i) === 'en' || !hasEnglish[group[i]!]) defaultLang.set(i);

    const sets = new Map<string, IndexSet>();
    for (const s of setRows) sets.set(s.code, { code: s.code, name: s.name, day: dayOf(s.released_at) });

    const index: CardIndex = {
      version,
      generation: ++generations,
      size: n,
      ids: this.ids,
      byId: new Map(this.ids.map((id, i) => [id, i])),
      group,
      groupCount,
      groupStart,
      groupMembers,
      oracleGroup,
      art,
      names: this.displayNames,
      name: this.nameCol,
      nameRaw: name,
      type: this.typeCol,
      oracle: this.oracleCol,
      oracleTilde: this.tildeCol,
      fullOracle: this.fullOracleCol,
      flavor: this.flavorCol,
      artist: this.artistCol,
      keywords: this.keywordCol,
      mana: this.manaCol,
      lang: this.langCol,
      setCode: this.setCol,
      setType: this.setTypeCol,
      cn: this.cnCol,
      border: this.borderCol,
      frame: this.frameCol,
      games: this.gamesCol,
      watermark: this.watermarkCol,
      oracleId: this.oracleIdCol,
      cmc: f64(nums.cmc),
      pow: [f64(nums.pow0), f64(nums.pow1)],
      tou: [f64(nums.tou0), f64(nums.tou1)],
      loy: [f64(nums.loy0), f64(nums.loy1)],
      usd: f64(nums.usd),
      eur: f64(nums.eur),
      tix: f64(nums.tix),
      released,
      day: Float64Array.from(released, (d) => (d > 0 ? d : NaN)),
      edhrec: f64(nums.edhrec),
      cnNum,
      rarity: Uint8Array.from(nums.rarity),
      colors: Uint8Array.from(nums.colors),
      identity: Uint8Array.from(nums.identity),
      produces: Uint8Array.from(nums.produces),
      flags: new Map(FLAG_NAMES.map((f) => [f, bits(this.flagLists.get(f)!)])),
      legal: new Map([...this.legality.legal].map(([k, v]) => [k, bits(v)])),
      banned: new Map([...this.legality.banned].map(([k, v]) => [k, bits(v)])),
      restricted: new Map([...this.legality.restricted].map(([k, v]) => [k, bits(v)])),
      defaultLang,
      sets,
      orders: new Map(),
      preference,
      preferenceRank: (() => {
        const r = new Int32Array(n);
        preference.forEach((i, k) => (r[i] = k));
        return r;
      })(),
      exactName: new Map(),
      exactPrinted: new Map(),
      compactNames: [],
      compactGroups: [],
      bySetNumber: this.setNumber,
      byMtgo: this.mtgo,
      byMultiverse: this.multiverse,
      byIllustration: this.illustration,
    };

    // name lookups: every full and face name of each group
    const compactMap = new Map<string, Set<number>>();
    const exactPrinted = new Map<string, number[]>();
    for (const [i, printed] of this.printedNames) {
      for (const p of printed) {
        const f = fold(p);
        const list = exactPrinted.get(f);
        if (list) list.push(i);
        else exactPrinted.set(f, [i]);
      }
    }
    index.exactPrinted = exactPrinted;
    for (let i = 0; i < n; i++) {
      const g = group[i]!;
      for (const nm of this.faceNames[i]!) {
        const f = fold(nm);
        const list = index.exactName.get(f);
        if (!list) index.exactName.set(f, [g]);
        else if (!list.includes(g)) list.push(g);
        const c = compact(nm);
        if (!c) continue;
        const set = compactMap.get(c);
        if (set) set.add(g);
        else compactMap.set(c, new Set([g]));
      }
    }
    for (const [c, gs] of compactMap) {
      index.compactNames.push(c);
      index.compactGroups.push([...gs]);
    }

    buildOrders(index, baseRank, base, setRows);
    return index;
  }

  private columns(): TextColumn[] {
    return [
      this.nameCol, this.nameRawCol, this.typeCol, this.oracleCol, this.tildeCol, this.fullOracleCol,
      this.flavorCol, this.artistCol, this.keywordCol, this.manaCol, this.langCol, this.setCol, this.setTypeCol,
      this.cnCol, this.borderCol, this.frameCol, this.gamesCol, this.watermarkCol, this.oracleIdCol,
    ];
  }
}
