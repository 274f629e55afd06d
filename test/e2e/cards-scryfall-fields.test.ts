import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCards } from '../../src/cards/import.js';
import { Card } from '../../src/cards/schemas.js';
import { DEMO_CARDS, startTestServer, type TestServer, type TestUser } from '../helpers/server.js';

// What a port from Scryfall's API reads of a card object, checked against the card data it came
// from: every printing of the demo seed, plus three made here for what the seed lacks (a
// variation, a translation of a card with an English printing, a printing with fields missing
// or malformed).

type Raw = Record<string, unknown>;

const SEED = JSON.parse(fs.readFileSync(path.join(DEMO_CARDS, 'default-cards.json'), 'utf8')) as Raw[];
const TEFERI = '5cb76266-ae50-4bbc-8f96-d98f309b02d3';
const CITIZEN = 'de7ba875-f77b-404f-8b75-4ba6f81da410';
const BATTLE = '5d59c8f2-f6af-40a6-8dfe-8cc45bf231ce';
const REVERSIBLE = '9cd6a16f-1eff-4624-8f7f-4d9e70a694bb';
const VANGUARD = '61b07ae0-44f5-4ffe-a33b-96885d4fc26b';
const VARIANT = '11111111-2222-4333-8444-777777777701';
const GERMAN = '11111111-2222-4333-8444-777777777702';
const BARE = '11111111-2222-4333-8444-777777777703';

const teferi = SEED.find((c) => c.id === TEFERI) as Raw;
const variant: Raw = {
  ...teferi,
  id: VARIANT,
  collector_number: '221v',
  variation: true,
  variation_of: TEFERI,
  textless: true,
  multiverse_ids: [],
  mtgo_id: null,
  arena_id: null,
  tcgplayer_id: null,
};
const german: Raw = {
  ...teferi,
  id: GERMAN,
  lang: 'de',
  printed_name: 'Teferi, Zeitweber',
  printed_type_line: 'Legendärer Planeswalker — Teferi',
  printed_text: '+1: Sorzeryzeit ...',
  multiverse_ids: [],
  mtgo_id: null,
  arena_id: null,
  tcgplayer_id: null,
};
// No foil/nonfoil flags (older data: read off `finishes`), a store link that is not text, a
// preview that says only who, frame effects that are not a list.
const { foil: _foil, nonfoil: _nonfoil, ...withoutFlags } = teferi;
const bare: Raw = {
  ...withoutFlags,
  id: BARE,
  collector_number: '221x',
  finishes: ['foil'],
  purchase_uris: { tcgplayer: 'https://shop.example/221', broken: 5 },
  preview: { source: 'A podcast' },
  frame_effects: 'inverted',
  multiverse_ids: [],
  mtgo_id: null,
  arena_id: null,
  tcgplayer_id: null,
};
const ADDED = [variant, german, bare];
// The seed lists one printing twice (Chandra's Embercat, as two of Scryfall's versions of it): the import keeps the later.
const ALL = [...new Map([...SEED, ...ADDED].map((c) => [c.id as string, c])).values()];

const STRINGS = ['set_id', 'scryfall_uri', 'printed_type_line', 'printed_text', 'variation_of', 'image_status', 'security_stamp', 'card_back_id', 'life_modifier', 'hand_modifier'];
const INTEGERS = ['mtgo_foil_id', 'tcgplayer_etched_id', 'penny_rank'];
const FLAGS = ['oversized', 'textless', 'booster', 'variation', 'story_spotlight', 'highres_image', 'full_art'];
const LISTS = ['artist_ids', 'frame_effects', 'promo_types'];
const MAPS = ['purchase_uris', 'related_uris'];
const FACE_FIELDS = ['oracle_id', 'layout', 'cmc', 'artist_id', 'flavor_name', 'defense'];
/** Scryfall's API addresses: they would send a client back to Scryfall. */
const LEFT_OUT = ['uri', 'rulings_uri', 'prints_search_uri', 'set_uri', 'set_search_uri', 'object'];

const isMap = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The new fields as the card data gives them: null (false for a flag) where it says nothing or
 * says it in another shape; a map keeps its text values; a preview names all three of its parts.
 */
function expectedFields(raw: Raw): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of [...STRINGS, ...INTEGERS]) out[k] = raw[k] ?? null;
  for (const k of LISTS) out[k] = Array.isArray(raw[k]) ? raw[k] : null;
  for (const k of MAPS) {
    const v = raw[k];
    out[k] = isMap(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) : null;
  }
  for (const k of FLAGS) out[k] = raw[k] ?? false;
  const finishes = raw.finishes as string[];
  out.foil = raw.foil ?? finishes.includes('foil');
  out.nonfoil = raw.nonfoil ?? finishes.includes('nonfoil');
  const p = raw.preview;
  out.preview = isMap(p) ? { source: p.source ?? null, source_uri: p.source_uri ?? null, previewed_at: p.previewed_at ?? null } : null;
  return out;
}

function expectFromSource(card: Record<string, unknown>, raw: Raw): void {
  const label = `${raw.name} (${raw.id})`;
  expect(Object.keys(card), label).toEqual(Object.keys(Card.properties));
  const expected = expectedFields(raw);
  expect(Object.fromEntries(Object.keys(expected).map((k) => [k, card[k]])), label).toEqual(expected);
  for (const k of LEFT_OUT) expect(card, `${label} ${k}`).not.toHaveProperty(k);
  const faces = raw.card_faces as Raw[] | undefined;
  if (!faces) {
    expect(card.card_faces, label).toBeNull();
    return;
  }
  const got = card.card_faces as Array<Record<string, unknown>>;
  expect(got, label).toHaveLength(faces.length);
  faces.forEach((face, i) => {
    for (const k of FACE_FIELDS) {
      if (face[k] === undefined || face[k] === null) expect(got[i], `${label} face ${i} ${k}`).not.toHaveProperty(k);
      else expect(got[i]?.[k], `${label} face ${i} ${k}`).toEqual(face[k]);
    }
  });
}

let server: TestServer;
let user: TestUser;
/** Every card as POST /cards/collection answers it, by id. */
const fromCollection = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-scryfall-fields-')), 'added.json');
  fs.writeFileSync(file, JSON.stringify(ADDED));
  await importCards(server.ctx, { file, asOf: '2019-08-04' });
  for (let i = 0; i < ALL.length; i += 75) {
    const identifiers = ALL.slice(i, i + 75).map((c) => ({ id: c.id }));
    const res = await user.api('POST', '/api/v1/cards/collection', { identifiers });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.not_found).toEqual([]);
    for (const c of res.body.data) fromCollection.set(c.id, c);
  }
});
afterAll(async () => {
  await server?.close();
});

const search = (q: string, extra = '') => user.api('GET', `/api/v1/cards/search?q=${encodeURIComponent(q)}${extra}`);
const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id);

describe("the card object carries Scryfall's fields a port reads", () => {
  it('copies each new field of every printing from its card data, null or false where the data says nothing', () => {
    expect(fromCollection.size).toBe(ALL.length);
    for (const raw of ALL) expectFromSource(fromCollection.get(raw.id as string) as Record<string, unknown>, raw);
  });

  it('fills each new field somewhere in the seed, so the comparison above compares values', () => {
    const cards = [...fromCollection.values()];
    for (const k of [...STRINGS, ...INTEGERS, ...LISTS, ...MAPS, 'preview']) expect(cards.some((c) => c[k] !== null), k).toBe(true);
    for (const k of [...FLAGS, 'foil', 'nonfoil']) {
      expect(cards.some((c) => c[k] === true), `${k} true`).toBe(true);
      expect(cards.some((c) => c[k] === false), `${k} false`).toBe(true);
    }
    const faces = cards.flatMap((c) => (c.card_faces as Array<Record<string, unknown>> | null) ?? []);
    for (const k of FACE_FIELDS) expect(faces.some((f) => f[k] !== undefined), `face ${k}`).toBe(true);
  });

  it('answers the same card from GET /cards/{id} as from the collection look-up', async () => {
    for (const id of [TEFERI, CITIZEN, BATTLE, REVERSIBLE, VANGUARD, VARIANT, GERMAN, BARE]) {
      const res = await user.api('GET', `/api/v1/cards/${id}`);
      expect(res.status, id).toBe(200);
      expect(res.body.data, id).toEqual(fromCollection.get(id));
    }
  });

  it('answers the same cards from a search page, which renders them once per index build', async () => {
    const seen = new Set<string>();
    let cursor = '';
    for (;;) {
      const res = await search('year>=1900', `&unique=prints&include_extras=true&include_multilingual=true&include_variations=true&limit=200${cursor}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.total).toBe(ALL.length);
      for (const card of res.body.data) {
        expect(card, card.id).toEqual(fromCollection.get(card.id));
        seen.add(card.id);
      }
      if (!res.body.meta.next_cursor) break;
      cursor = `&cursor=${res.body.meta.next_cursor}`;
    }
    expect(seen.size).toBe(ALL.length);
  });

  it('shows a battle face\'s defense, a reversible face\'s own oracle id, layout and mana value, a vanguard\'s modifiers', () => {
    const battle = fromCollection.get(BATTLE) as { card_faces: Array<Record<string, unknown>> };
    expect(battle.card_faces[0]).toMatchObject({ defense: '6', artist_id: '74986d28-0001-4a78-827c-e490b325d0e3' });
    expect(battle.card_faces[1]).not.toHaveProperty('defense');
    const reversible = fromCollection.get(REVERSIBLE) as { card_faces: Array<Record<string, unknown>> };
    expect(reversible.card_faces[0]).toMatchObject({ oracle_id: 'dfb5f660-fd8b-4b7b-934c-6a71cd182f15', layout: 'normal', cmc: 4 });
    expect(fromCollection.get(VANGUARD)).toMatchObject({ life_modifier: '+7', hand_modifier: '+1' });
  });

  it('reads foil and nonfoil off finishes when the data lacks them, and drops what is not text from a map', () => {
    expect(fromCollection.get(BARE)).toMatchObject({
      foil: true,
      nonfoil: false,
      purchase_uris: { tcgplayer: 'https://shop.example/221' },
      preview: { source: 'A podcast', source_uri: null, previewed_at: null },
      frame_effects: null,
    });
  });

  it('copies image_uris of a multi-faced card from its first face with images, as before', () => {
    const battle = fromCollection.get(BATTLE) as { image_uris: unknown; card_faces: Array<{ image_uris?: unknown }> };
    expect(battle.image_uris).toEqual(battle.card_faces[0]?.image_uris);
  });

  it('keeps the collection entry\'s card summary to the contract\'s fields', async () => {
    const res = await user.api('POST', '/api/v1/collection', { card_id: TEFERI });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body.data.card)).toEqual(['id', 'oracle_id', 'name', 'set', 'set_name', 'collector_number', 'rarity', 'lang', 'image_uris', 'prices']);
  });
});

describe("Scryfall's search parameters", () => {
  it('takes include_extras=true as include:extras, and include_extras=false as nothing', async () => {
    const inQuery = await search('c:uw include:extras', '&limit=200');
    const param = await search('c:uw', '&include_extras=true&limit=200');
    expect(param.status).toBe(200);
    expect(idsOf(param.body)).toContain(CITIZEN);
    expect(param.body).toEqual(inQuery.body);
    const off = await search('c:uw', '&include_extras=false&limit=200');
    expect(idsOf(off.body)).not.toContain(CITIZEN);
    expect(off.body).toEqual((await search('c:uw', '&limit=200')).body);
    // false cannot hide what q asks for.
    expect(idsOf((await search('c:uw t:token', '&include_extras=false')).body)).toContain(CITIZEN);
  });

  const teferiPrints = async (extra = '') => idsOf((await search('!"Teferi, Time Raveler"', `&unique=prints${extra}`)).body).sort();

  it('takes include_multilingual=true as include:multilingual', async () => {
    const plain = await teferiPrints();
    expect(plain).toContain(TEFERI);
    expect(plain).not.toContain(GERMAN);
    expect(await teferiPrints('&include_multilingual=true')).toEqual([...plain, GERMAN].sort());
    expect(await teferiPrints('&include_multilingual=true')).toEqual(idsOf((await search('!"Teferi, Time Raveler" include:multilingual', '&unique=prints')).body).sort());
    expect(await teferiPrints('&include_multilingual=false')).toEqual(plain);
  });

  it('takes include_variations=true as include:variations', async () => {
    const plain = await teferiPrints();
    expect(plain).not.toContain(VARIANT);
    expect(await teferiPrints('&include_variations=true')).toEqual([...plain, VARIANT].sort());
    expect(await teferiPrints('&include_variations=true')).toEqual(idsOf((await search('!"Teferi, Time Raveler" include:variations', '&unique=prints')).body).sort());
    expect(await teferiPrints('&include_variations=false')).toEqual(plain);
  });

  it('ties a cursor to the include parameters it was made with', async () => {
    const first = await search('c:uw', '&include_extras=true&limit=5');
    const cursor = first.body.meta.next_cursor as string;
    expect(cursor).toBeTruthy();
    expect((await search('c:uw', `&include_extras=true&limit=5&cursor=${cursor}`)).status).toBe(200);
    const other = await search('c:uw', `&limit=5&cursor=${cursor}`);
    expect(other.status).toBe(422);
  });

  it('answers 422 naming page, format and pretty, which it does not take, and a boolean that is not true or false', async () => {
    for (const [extra, field, code] of [
      ['&page=2', 'page', 'unknown_field'],
      ['&format=json', 'format', 'unknown_field'],
      ['&pretty=true', 'pretty', 'unknown_field'],
      ['&include_extras=yes', 'include_extras', 'invalid_type'],
      ['&include_variations=1', 'include_variations', 'invalid_type'],
      ['&include_multilingual=true&include_multilingual=true', 'include_multilingual', 'invalid_type'],
    ]) {
      const res = await search('bolt', extra);
      expect(res.status, extra).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.errors, extra).toEqual([expect.objectContaining({ field, code })]);
    }
  });

  it('completes the names of extras with include_extras=true on /cards/autocomplete', async () => {
    const names = async (extra: string) => (await user.api('GET', `/api/v1/cards/autocomplete?q=citiz${extra}`)).body.data as string[];
    expect(await names('')).not.toContain('Citizen');
    expect(await names('&include_extras=false')).not.toContain('Citizen');
    expect(await names('&include_extras=true')).toContain('Citizen');
    expect((await user.api('GET', '/api/v1/cards/autocomplete?q=citiz&include_extras=maybe')).status).toBe(422);
  });

  it('refuses include_extras on /cards/random, where Scryfall has no such parameter (include:extras in q works)', async () => {
    expect((await user.api('GET', '/api/v1/cards/random?include_extras=true')).status).toBe(422);
    const drawn = await user.api('GET', `/api/v1/cards/random?q=${encodeURIComponent('!Citizen include:extras')}`);
    expect(drawn.body.data.id).toBe(CITIZEN);
  });
});

describe('card routes refuse the query parameters they do not take', () => {
  it('answers 422 for Scryfall\'s format, face, version and pretty on the one-card routes, which answer JSON only', async () => {
    for (const pathname of [`/cards/${TEFERI}`, '/cards/war/221', '/cards/war/221/en', '/sets/war']) {
      expect((await user.api('GET', `/api/v1${pathname}`)).status, pathname).toBe(200);
      for (const [param, value] of [['format', 'image'], ['face', 'back'], ['version', 'large'], ['pretty', 'true']]) {
        const res = await user.api('GET', `/api/v1${pathname}?${param}=${value}`);
        expect(res.status, `${pathname} ${param}`).toBe(422);
        expect(res.body).toMatchObject({ code: 'validation_failed', errors: [{ field: param, code: 'unknown_field' }] });
      }
    }
    const collection = await user.api('POST', '/api/v1/cards/collection?pretty=true', { identifiers: [{ id: TEFERI }] });
    expect(collection.status).toBe(422);
    expect(collection.body.errors).toEqual([expect.objectContaining({ field: 'pretty', code: 'unknown_field' })]);
  });
});
