import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionEntry } from '../../src/collection/schemas.js';
import { Envelope } from '../../src/http/schemas.js';
import { Profile } from '../../src/profile/schemas.js';
import { CARDS } from '../helpers/collection.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Routes marked `frozenJson` send a frozen view as its plain JSON instead of through their
// response schema's serializer (src/http/etag.ts). Both must write the same bytes: the view
// holds exactly the schema's keys, in its order. Fastify compiles response schemas with
// fast-json-stringify; so does this test.
const entrySerializer = fastJson(Envelope(CollectionEntry));
const profileSerializer = fastJson(Envelope(Profile));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('answers sent as the JSON their ETag was computed from', () => {
  it('writes an entry, every kind of field filled or empty, exactly as the response schema would', async () => {
    const user = await server.createUser();
    const binder = (await user.api('POST', '/api/v1/binders', { name: 'Trade' })).body.data;
    const bodies = [
      { card_id: CARDS.AHN },
      { card_id: CARDS.AHN, finish: 'foil', purchase_price: '1234.5', tags: ['b', 'a', 'ünï "q"'], notes: 'line\nbreak\t\\ </script> \u0001 ✓' },
      { card_id: CARDS.AJANI, binder_id: binder.id, quantity: 4 },
      { card_id: CARDS.LYDARI_JA, language: 'ja', condition: 'damaged' },
    ];
    for (const body of bodies) {
      // Added, then merged into (without tags: on PostgreSQL the one-statement merge).
      for (const sent of [body, { ...body, tags: undefined }]) {
        const res = await user.api('POST', '/api/v1/collection', sent);
        expect(res.status, res.text).toBeLessThan(300);
        expect(res.text).toBe(entrySerializer(JSON.parse(res.text)));
        const got = await user.api('GET', `/api/v1/collection/${res.body.data.id}`);
        expect(got.text).toBe(entrySerializer(JSON.parse(got.text)));
        expect(got.text).toBe(res.text);
        expect(got.headers.get('etag')).toBe(res.headers.get('etag'));
      }
    }
    const [first] = (await user.api('GET', '/api/v1/collection')).body.data;
    const patched = await user.api('PATCH', `/api/v1/collection/${first.id}`, { notes: null, tags: [] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.text).toBe(entrySerializer(JSON.parse(patched.text)));
  });

  it('writes the profile exactly as the response schema would', async () => {
    const user = await server.createUser();
    const res = await user.api('GET', '/api/v1/profile');
    expect(res.status).toBe(200);
    expect(res.text).toBe(profileSerializer(JSON.parse(res.text)));
    // The second answer comes from the same frozen object.
    const again = await user.api('GET', '/api/v1/profile');
    expect(again.text).toBe(res.text);
  });
});
