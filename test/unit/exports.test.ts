import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pickClaims } from '../../src/exports/job.js';
import { bodyProblems, deckAsEntries, fileNameOf, isExpired, toExportView } from '../../src/exports/service.js';
import { createFileStorage } from '../../src/exports/storage.js';
import type { ExportRow } from '../../src/exports/store.js';
import { asyncOf, demoCard, entryOf } from '../helpers/imports.js';

const row = (fields: Partial<ExportRow> = {}): ExportRow => ({
  id: '0190f5a2-0000-7000-8000-0000000e4907',
  user_id: 'u1',
  source: 'collection',
  format: 'csv',
  binder_id: null,
  deck_id: null,
  q: null,
  status: 'pending',
  row_count: null,
  size_bytes: null,
  error: null,
  attempts: 0,
  file_attempt: null,
  lease_owner: null,
  lease_until: null,
  created_at: '2026-11-22T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  expires_at: null,
  purged_at: null,
  updated_at: '2026-11-22T10:00:00.000Z',
  ...fields,
});

describe('claiming: at most N running per user, oldest first', () => {
  const c = (id: string, user_id: string) => ({ id, user_id });

  it('takes the oldest exports up to the limit of the claim', () => {
    expect(pickClaims([c('a', 'u1'), c('b', 'u2'), c('c', 'u3')], new Map(), 2, 2).map((x) => x.id)).toEqual(['a', 'b']);
  });

  it("skips a user's exports past the per-user limit and serves the next user's instead", () => {
    const picked = pickClaims([c('a', 'u1'), c('b', 'u1'), c('c', 'u1'), c('d', 'u2')], new Map(), 2, 10);
    expect(picked.map((x) => x.id)).toEqual(['a', 'b', 'd']);
  });

  it('counts what already runs elsewhere under a live lease', () => {
    const picked = pickClaims([c('a', 'u1'), c('b', 'u2')], new Map([['u1', 2], ['u2', 1]]), 2, 10);
    expect(picked.map((x) => x.id)).toEqual(['b']);
  });

  it('claims nothing when every user is at the limit', () => {
    expect(pickClaims([c('a', 'u1')], new Map([['u1', 1]]), 1, 10)).toEqual([]);
  });
});

describe('request rules', () => {
  it('a binder export names its binder, a deck export its deck, and neither names the other', () => {
    expect(bodyProblems({ source: 'binder', format: 'csv' }).map((e) => `${e.field}:${e.code}`)).toEqual(['binder_id:required']);
    expect(bodyProblems({ source: 'deck', format: 'arena' }).map((e) => `${e.field}:${e.code}`)).toEqual(['deck_id:required']);
    expect(bodyProblems({ source: 'collection', format: 'csv', binder_id: 'b', deck_id: 'd' }).map((e) => `${e.field}:${e.code}`)).toEqual([
      'binder_id:not_allowed',
      'deck_id:not_allowed',
    ]);
    expect(bodyProblems({ source: 'binder', binder_id: 'b', format: 'csv', q: 'is:foil' })).toEqual([]);
  });

  it('deck formats are for decks only; q is for entries only', () => {
    for (const format of ['arena', 'mtgo', 'mtgo_dek'] as const) {
      expect(bodyProblems({ source: 'collection', format })[0]).toMatchObject({ field: 'format', code: 'invalid_value' });
      expect(bodyProblems({ source: 'deck', deck_id: 'd', format })).toEqual([]);
    }
    expect(bodyProblems({ source: 'deck', deck_id: 'd', format: 'csv', q: 'x' })[0]).toMatchObject({ field: 'q', code: 'not_allowed' });
  });
});

describe('the export object', () => {
  const now = '2026-11-23T10:00:00.000Z';
  const done = row({
    status: 'completed',
    row_count: 3,
    size_bytes: 120,
    finished_at: '2026-11-22T10:00:05.000Z',
    expires_at: '2026-11-29T10:00:05.000Z',
    file_attempt: 1,
  });

  it('shows no counts, link or expiry before it completes', () => {
    expect(toExportView(row({ status: 'running', row_count: 5 }), now, undefined)).toMatchObject({
      status: 'running',
      row_count: null,
      size_bytes: null,
      download_url: null,
      expires_at: null,
      expired: false,
    });
  });

  it('links the download once completed: absolute with CCS_PUBLIC_URL, else a path', () => {
    expect(toExportView(done, now, undefined).download_url).toBe(`/api/v1/exports/${done.id}/download`);
    expect(toExportView(done, now, 'https://cards.example.com/').download_url).toBe(`https://cards.example.com/api/v1/exports/${done.id}/download`);
  });

  it('is expired from expires_at on, or once its file was removed', () => {
    expect(isExpired(done, '2026-11-29T10:00:04.999Z')).toBe(false);
    expect(isExpired(done, '2026-11-29T10:00:05.000Z')).toBe(true);
    expect(isExpired({ ...done, purged_at: now }, now)).toBe(true);
    expect(toExportView(done, '2026-11-30T00:00:00.000Z', undefined)).toMatchObject({ expired: true, download_url: null, expires_at: done.expires_at });
  });

  it('downloads as ccs-<source>-<format>-<date>.<extension>', () => {
    expect(fileNameOf(row({ source: 'binder', format: 'moxfield_csv' }))).toBe('ccs-binder-moxfield_csv-2026-11-22.csv');
    expect(fileNameOf(row({ source: 'deck', format: 'mtgo_dek' }))).toBe('ccs-deck-mtgo_dek-2026-11-22.dek');
    expect(fileNameOf(row({ source: 'deck', format: 'arena' }))).toBe('ccs-deck-arena-2026-11-22.txt');
    expect(fileNameOf(row({ format: 'json' }))).toBe('ccs-collection-json-2026-11-22.json');
  });
});

describe('a deck in a collection format', () => {
  it('lists the main deck, commander and sideboard as entries in their defaults, without the maybeboard', () => {
    const bolt = entryOf(demoCard('Desperate Lunge'));
    const ajani = entryOf(demoCard('Ajani, the Greathearted'));
    const deck = {
      id: 'd',
      name: 'Deck',
      format: 'modern' as const,
      visibility: 'private' as const,
      description: null,
      owner: { username: 'me' },
      cards: [
        { card_id: bolt.card_id, card: { ...bolt.card, prices: { ...bolt.card.prices, usd: '0.26' } }, quantity: 4, board: 'main' as const },
        { card_id: ajani.card_id, card: ajani.card, quantity: 1, board: 'maybe' as const },
        { card_id: ajani.card_id, card: ajani.card, quantity: 1, board: 'commander' as const },
      ],
      card_count: 5,
      legality: { legal: true, problems: [] },
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
    };
    const entries = deckAsEntries(deck);
    expect(entries.map((e) => [e.card_id, e.quantity])).toEqual([
      [bolt.card_id, 4],
      [ajani.card_id, 1],
    ]);
    expect(entries[0]).toMatchObject({ condition: 'near_mint', finish: 'nonfoil', language: bolt.card.lang, binder_id: null, value: { currency: 'usd', unit: '0.26', total: '1.04' } });
  });

  it('writes a printing made only in foil or etched in that finish, priced as such', () => {
    const jace = demoCard('Jace, Arcane Strategist', 'war', '270');
    const abbot = demoCard('Abbot of Keral Keep', '2x2');
    const lunge = demoCard('Desperate Lunge');
    const line = (c: typeof jace, quantity: number) => ({ card_id: c.id, card: entryOf(c).card, quantity, board: 'main' as const });
    const deck = {
      id: 'd', name: 'Deck', format: 'modern' as const, visibility: 'private' as const, description: null, owner: { username: 'me' },
      cards: [line(jace, 2), line(abbot, 1), line(lunge, 3)],
      card_count: 6, legality: { legal: true, problems: [] }, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z',
    };
    const finishes = new Map([jace, abbot, lunge].map((c) => [c.id, c.finishes]));
    expect(deckAsEntries(deck, finishes).map((e) => [e.finish, e.value?.total ?? null])).toEqual([
      ['foil', '7.98'],
      ['etched', String(abbot.prices.usd_etched)],
      ['nonfoil', '0.78'],
    ]);
  });
});

describe('file storage', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ccs-export-storage-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const read = async (s: ReturnType<typeof createFileStorage>, exportId: string, attempt: number) => {
    const stream = await s.read({ exportId, attempt });
    if (!stream) return undefined;
    const parts: Buffer[] = [];
    for await (const p of stream) parts.push(p as Buffer);
    return Buffer.concat(parts).toString('utf8');
  };

  it('stores a file per attempt and answers its size in bytes', async () => {
    const s = createFileStorage(tmp());
    expect(await s.write({ exportId: 'e1', attempt: 1 }, asyncOf(['héllo ', Buffer.from('wörld')]))).toBe(Buffer.byteLength('héllo wörld'));
    expect(await read(s, 'e1', 1)).toBe('héllo wörld');
    expect(await read(s, 'e1', 2)).toBeUndefined();
  });

  it('a write that fails half-way leaves nothing readable', async () => {
    const dir = tmp();
    const s = createFileStorage(dir);
    async function* failing() {
      yield 'first rows\n';
      throw new Error('the database went away');
    }
    await expect(s.write({ exportId: 'e2', attempt: 1 }, failing())).rejects.toThrow('the database went away');
    expect(await read(s, 'e2', 1)).toBeUndefined();
    expect(fs.readdirSync(path.join(dir, 'e2'))).toEqual([]);
  });

  it('removes every attempt of an export, and removing what is gone is fine', async () => {
    const dir = tmp();
    const s = createFileStorage(dir);
    await s.write({ exportId: 'e3', attempt: 1 }, asyncOf(['a']));
    await s.write({ exportId: 'e3', attempt: 2 }, asyncOf(['b']));
    await s.remove('e3');
    expect(fs.existsSync(path.join(dir, 'e3'))).toBe(false);
    await s.remove('e3');
  });

  it('never turns a key into a path outside its folder', async () => {
    const s = createFileStorage(tmp());
    await expect(s.write({ exportId: '../escape', attempt: 1 }, asyncOf(['x']))).rejects.toThrow(/not an export file key/);
    await expect(s.remove('..')).rejects.toThrow(/not an export file key/);
  });
});
