import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toCardRow } from '../../src/cards/import.js';
import type { SearchPage } from '../../src/cards/search/engine.js';
import { createSearchPages } from '../../src/cards/search-pages.js';
import type { CardStore } from '../../src/cards/store.js';
import type { CardRow } from '../../src/db/schema.js';
import { toCard } from '../../src/cards/view.js';

const DEMO = path.resolve(import.meta.dirname, '../../demo-data/cards/default-cards.json');
const rows = (JSON.parse(fs.readFileSync(DEMO, 'utf8')) as Array<Record<string, unknown>>)
  .slice(0, 40)
  .map((c) => toCardRow(c, '2019-08-04T00:00:00.000Z') as CardRow);

/** A card store that serves the demo rows and records what it was asked for. */
function store() {
  const asked: string[][] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cards = {
    async findByIds(ids: readonly string[]) {
      asked.push([...ids]);
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  } as unknown as CardStore;
  return { cards, asked };
}

function page(ids: string[], generation = 1): SearchPage {
  return { ids, rows: ids.map((_, k) => k), generation, total: ids.length, next_cursor: null, order: 'name', dir: 'asc', unique: 'cards' };
}

const ids = (from: number, to: number) => rows.slice(from, to).map((r) => r.id);

describe('search pages from cards rendered once per index build', () => {
  it('answers the envelope of the Card objects, plain and gzipped alike', async () => {
    const { cards } = store();
    const rendered = await createSearchPages({ cards }).render(page(ids(0, 10)));
    const body = rendered.body();
    expect(body.length).toBe(rendered.length);
    expect(JSON.parse(body.toString())).toEqual({
      data: rows.slice(0, 10).map((r) => JSON.parse(JSON.stringify(toCard(r)))),
      meta: { total: 10, next_cursor: null, order: 'name', dir: 'asc', unique: 'cards' },
    });
    expect(gunzipSync(rendered.gzip())).toEqual(body);
    const empty = await createSearchPages({ cards }).render(page([]));
    expect(JSON.parse(empty.body().toString()).data).toEqual([]);
    expect(gunzipSync(empty.gzip())).toEqual(empty.body());
  });

  it('reads a card from the database once per build, again after a rebuild', async () => {
    const { cards, asked } = store();
    const pages = createSearchPages({ cards });
    await pages.render(page(ids(0, 10)));
    await pages.render(page(ids(5, 15)));
    expect(asked).toEqual([ids(0, 10), ids(10, 15)]);
    await pages.render(page(ids(0, 5), 2));
    expect(asked[2]).toEqual(ids(0, 5));
  });

  it('keeps within its byte budget, giving recently read cards a second chance', async () => {
    const { cards, asked } = store();
    const one = Buffer.byteLength(JSON.stringify(toCard(rows[0]!)));
    // Room for about four cards.
    const pages = createSearchPages({ cards, maxBytes: one * 4 + 2000 });
    await pages.render(page(ids(0, 3)));
    await pages.render(page(ids(0, 1))); // card 0 read again
    await pages.render(page(ids(3, 6))); // evicts the unread ones first
    asked.length = 0;
    await pages.render(page(ids(0, 1)));
    expect(asked).toEqual([]);
    await pages.render(page(ids(1, 2)));
    expect(asked).toEqual([ids(1, 2)]);
  });
});
