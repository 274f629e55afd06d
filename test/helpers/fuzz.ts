import net from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';

/*
 * Hostile and random requests for every operation the OpenAPI description lists: path
 * parameters, query strings, headers and bodies built from each operation's own schemas and
 * then broken on purpose (wrong types, huge and control-character values, deep nesting,
 * non-JSON), sent over a raw socket so nothing a client library refuses to send is off limits.
 * Everything comes from fast-check with a fixed seed: a failure names the request to replay.
 */

type Schema = any;

export interface Operation {
  method: string;
  /** `/api/v1/collection/{id}` */
  template: string;
  pathParams: string[];
  query: Array<{ name: string; schema: Schema }>;
  body: Schema | undefined;
  /** The scope the operation needs, from its `oauth2` security requirement. */
  scope: string | undefined;
}

/** Every operation of an OpenAPI document, with what each takes. */
export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params: Schema[] = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        scope: (op.security ?? []).find((s: Schema) => s.oauth2)?.oauth2?.[0],
      });
    }
  }
  return ops;
}

/** Real values the generator mixes in, so requests reach past "not found" into the code behind. */
export interface Pools {
  /** Ids of the fuzzing user's own objects by kind (`collection`, `binders`, `decks`, `webhooks`, `deliveries`, `price-alerts`). */
  own: Record<string, string[]>;
  /** The same of another user: every answer about them must be 404, never their data. */
  foreign: Record<string, string[]>;
  cardIds: string[];
  setCodes: string[];
  usernames: string[];
  /** The fuzzing user's working key; most requests carry it, to get past authentication. */
  key: string;
  /** Credentials that must not work: revoked, read-only, another user's. */
  otherKeys: string[];
}

export interface FuzzRequest {
  /** `GET /api/v1/collection` */
  operation: string;
  method: string;
  /** The request target as sent: path and query, percent-encoded or deliberately not. */
  target: string;
  headers: Array<[string, string]>;
  body: Buffer | undefined;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e',
  '\ud800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\u{1F600}'.repeat(60),
  'a'.repeat(5_000),
  'ﬀ́Ǆ',
  '\t\u000b\f',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Any JSON value meant to be wrong where it lands: other types, extremes, nesting, size. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [[[[[]]]]], { a: { b: { c: {} } } }, ['x'], { __proto__: { admin: true } }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }).map((n) => 'x'.repeat(n * 100)) },
);

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates included, as U+FFFD). */
function encode(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value that fits a JSON schema (enums, types, bounds, required keys), with real ids where a name asks for one. */
export function schemaArb(schema: Schema, pools: Pools, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...schema[key].map((s: Schema) => schemaArb(s, pools, name, depth + 1)));
  }
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((t: string) => schemaArb({ ...schema, type: t }, pools, name, depth)));
  switch (schema.type) {
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries<Schema>(schema.properties ?? {})) props[k] = schemaArb(s, pools, k, depth + 1);
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k: string) => k in props) });
    }
    case 'array':
      return fc.array(schemaArb(schema.items, pools, name, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1_000, 100_000) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(schema, pools, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: Schema, pools: Pools, name: string): fc.Arbitrary<string> {
  if (/card_id|^id$/.test(name) && pools.cardIds.length) return fc.constantFrom(...pools.cardIds);
  const own = Object.values(pools.own).flat();
  if (name === 'binder_id' && pools.own.binders?.length) return fc.constantFrom(...pools.own.binders);
  if (/_id$/.test(name) && own.length) return fc.constantFrom(...own);
  if (name === 'url') return fc.constantFrom('http://localhost:9/hook', 'https://example.com/hook', 'http://10.0.0.1/hook');
  if (name === 'events') return fc.constantFrom('*', 'collection.entry.created', 'deck.updated');
  if (name === 'text') return fc.constantFrom('4 Lightning Bolt (M11) 146\n2 Counterspell', 'Deck\n1 Island\n\nSideboard\n1 Mountain');
  if (schema.pattern === '^\\d{1,7}(\\.\\d{1,2})?$') return fc.constantFrom('1.00', '12.5', '0');
  if (schema.format === 'date' || /^from$|^to$/.test(name)) return fc.constantFrom('2024-01-01', '2019-08-04');
  const max = Math.min(schema.maxLength ?? 40, 40);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max });
}

/** Replaces one value somewhere in `base` (or adds an unknown key) with a hostile one. */
function mutate(base: unknown, pick: number, value: unknown, extraKey: string): unknown {
  const slots: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) {
        slots.push({ parent: v, key: i });
        walk(x);
      }
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        slots.push({ parent: v as Record<string, unknown>, key: k });
        walk(x);
      }
    }
  };
  const copy = structuredClone(base);
  walk(copy);
  if (slots.length === 0 || !copy || typeof copy !== 'object') return value;
  const slot = slots[pick % (slots.length + 1)];
  if (!slot) {
    (copy as Record<string, unknown>)[extraKey] = value;
    return copy;
  }
  (slot.parent as Record<string | number, unknown>)[slot.key] = value;
  return copy;
}

const RAW_BODIES: Array<() => Buffer> = [
  () => Buffer.from('{'),
  () => Buffer.from('{"a":'),
  () => Buffer.from('not json at all'),
  () => Buffer.from(''),
  () => Buffer.from('null'),
  () => Buffer.from('"a string"'),
  () => Buffer.from('\ufeff{}'),
  () => Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  () => Buffer.from([0xc3, 0x28, 0xa0, 0xa1]),
  () => Buffer.from('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  () => Buffer.from(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
  () => Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  () => Buffer.from(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
  () => Buffer.from(JSON.stringify({ name: 'x'.repeat(1_900_000) })),
  () => Buffer.alloc(2_200_000, 0x20),
];

const AUTH_VARIANTS = (pools: Pools): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 40, arbitrary: fc.constant(`Bearer ${pools.key}`) },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...pools.otherKeys.map((k) => `Bearer ${k}`)) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        `bearer ${pools.key}`,
        `Bearer  ${pools.key}`,
        `Bearer ${pools.key} extra`,
        `Bearer ${pools.key.slice(0, -1)}${pools.key.endsWith('A') ? 'B' : 'A'}`,
        `Basic ${Buffer.from(`user:${pools.key}`).toString('base64')}`,
        'Bearer ccs_at_not_a_real_token_at_all_0000000000',
        'Bearer ccs_live_',
        `Bearer ${'A'.repeat(8_000)}`,
        'Bearer \u0001\u0002\u0003',
        `Bearer ${pools.key}\u0000`,
        'Token abc',
      ),
    },
    { weight: 1, arbitrary: hostileString.map((s) => `Bearer ${s}`) },
  );

const CONTENT_TYPES = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/octet-stream',
      'application/xml',
      '',
      'application/json\u0001',
      'application/json; charset=utf-16',
    ),
  },
);

const HEADER_VALUE = fc.oneof(
  { weight: 12, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom('', ' ', '\u0001\u0002', '\u007f', 'é', 'x'.repeat(300), '\t') },
  { weight: 4, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant('y'.repeat(20_000)) },
);

/** Header values go out as latin1 bytes, control characters and all, but never a line break (that would be another header). */
const clean = (s: string) => s.replace(/[\r\n]/g, '');

export function requestArb(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  /** The kind of object a path parameter names: the collection segment before it, or the parameter's own name. */
  const kindOf = (name: string): string => {
    if (name === 'delivery_id') return 'deliveries';
    const before = op.template.split(`/{${name}}`)[0]?.split('/').at(-1) ?? '';
    return before;
  };
  const realFor = (name: string): string[] => {
    const kind = kindOf(name);
    if (kind === 'cards') return pools.cardIds;
    if (kind === 'sets') return pools.setCodes;
    if (kind === 'users') return pools.usernames;
    return pools.own[kind] ?? [];
  };
  const anyOwn = Object.values(pools.own).flat();
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 6, arbitrary: realFor(name).length ? fc.constantFrom(...realFor(name)) : hostileString },
      { weight: 1, arbitrary: anyOwn.length ? fc.constantFrom(...anyOwn) : hostileString },
      { weight: 2, arbitrary: pools.foreign[kindOf(name)]?.length ? fc.constantFrom(...(pools.foreign[kindOf(name)] ?? [])) : hostileString },
      { weight: 4, arbitrary: hostileString },
    );
  const pathArb = fc
    .tuple(
      fc.tuple(...op.pathParams.map((name) => pathValue(name))),
      fc.array(fc.constantFrom('encoded', 'raw'), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    )
    .map(([values, how]) => {
      let p = op.template;
      op.pathParams.forEach((name, i) => {
        const v = String(values[i] ?? '');
        const raw = how[i] === 'raw' && /^[\x21-\x7e]*$/.test(v) && !/[?#]/.test(v);
        p = p.replace(`{${name}}`, raw ? v : encode(v));
      });
      return p;
    });

  const queryPart = fc.array(
    fc.oneof(
      ...(op.query.length
        ? [
            {
              weight: 4,
              arbitrary: fc
                .constantFrom(...op.query)
                .chain((q) => fc.tuple(fc.constant(q.name), fc.oneof({ weight: 2, arbitrary: schemaArb(q.schema, pools, q.name) }, { weight: 2, arbitrary: hostileValue }))),
            },
          ]
        : []),
      { weight: 1, arbitrary: fc.tuple(hostileString, hostileString) },
    ),
    { maxLength: 5 },
  );
  const mangled = fc.option(fc.constantFrom('%zz', '&&&', '==', 'a[b][c]=1', 'limit=1&limit=2', '%', `q=${'x'.repeat(12_000)}`, 'cursor=%FF%FE', 'q=%28%28%28%28%28'), { freq: 4 });
  const queryArb = fc.tuple(queryPart, mangled).map(([pairs, extra]) => {
    const parts = pairs.map(([k, v]) => `${encode(String(k))}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
    if (extra !== null) parts.push(extra);
    return parts.length ? `?${parts.join('&')}` : '';
  });

  const hasBody = op.body !== undefined;
  const bodyArb: fc.Arbitrary<Buffer | undefined> = hasBody
    ? fc.oneof(
        { weight: 3, arbitrary: schemaArb(op.body, pools).map((v) => Buffer.from(JSON.stringify(v))) },
        {
          weight: 5,
          arbitrary: fc
            .tuple(schemaArb(op.body, pools), fc.nat(), hostileValue, hostileString)
            .map(([base, pick, value, key]) => Buffer.from(JSON.stringify(mutate(base, pick, value, key)) ?? 'null')),
        },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((make) => make()) },
      )
    : fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) });

  const extraHeaders = fc.array(
    fc.oneof(
      fc.tuple(fc.constant('Accept-Encoding'), fc.oneof(fc.constantFrom('gzip', 'br', 'deflate', 'gzip, deflate, br', '*', 'identity;q=0', 'gzip;q=0, br;q=2', 'x-unknown'), HEADER_VALUE)),
      fc.tuple(fc.constant('Idempotency-Key'), HEADER_VALUE),
      fc.tuple(fc.constant('If-Match'), fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '"', ''), HEADER_VALUE)),
      fc.tuple(fc.constant('Accept'), fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', '')),
      fc.tuple(fc.constantFrom('X-Forwarded-For', 'X-Request-Id', 'Cookie', 'Origin', 'X-Fuzz'), HEADER_VALUE),
    ),
    { maxLength: 3 },
  );

  return fc.record({ path: pathArb, query: queryArb, auth: AUTH_VARIANTS(pools), contentType: CONTENT_TYPES, body: bodyArb, extra: extraHeaders }).map(({ path, query, auth, contentType, body, extra }) => {
    const headers: Array<[string, string]> = [];
    if (auth !== undefined) headers.push(['Authorization', clean(auth)]);
    if (body !== undefined) headers.push(['Content-Type', clean(contentType)]);
    for (const [k, v] of extra) headers.push([k, clean(v)]);
    return { operation: `${op.method} ${op.template}`, method: op.method, target: path + query, headers, body };
  });
}

/** `count` requests spread over every operation, the same for the same seed. */
export function fuzzRequests(ops: Operation[], pools: Pools, seed: number, count: number): FuzzRequest[] {
  const arb = fc.constantFrom(...ops).chain((op) => requestArb(op, pools));
  return fc.sample(arb, { seed, numRuns: count });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * One request over a fresh TCP connection, bytes exactly as given (with Host, Content-Length and
 * Connection: close added); resolves with the parsed answer, decompressed. Rejects when the
 * server closes without answering or takes longer than `timeoutMs`.
 */
export function rawRequest(port: number, req: FuzzRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
    const lines = [`${req.method} ${req.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
    for (const [k, v] of req.headers) lines.push(`${k}: ${v}`);
    if (req.body !== undefined) lines.push(`Content-Length: ${req.body.length}`);
    socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), req.body ?? Buffer.alloc(0)]));
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`the server closed the connection without an answer (${raw.length} bytes)`);
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!status) throw new Error(`not an HTTP answer: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  const encoding = headers['content-encoding'];
  if (encoding === 'gzip') body = zlib.gunzipSync(body);
  else if (encoding === 'br') body = zlib.brotliDecompressSync(body);
  else if (encoding === 'deflate') body = zlib.inflateSync(body);
  return { status, headers, body };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** A short, printable description of a request for a failure message. */
export function describeRequest(req: FuzzRequest): string {
  const headers = req.headers.map(([k, v]) => `${k}: ${JSON.stringify(v.length > 120 ? `${v.slice(0, 120)}...(${v.length})` : v)}`).join('; ');
  const body = req.body === undefined ? 'no body' : req.body.length > 300 ? `${JSON.stringify(req.body.subarray(0, 300).toString('utf8'))}...(${req.body.length} bytes)` : JSON.stringify(req.body.toString('utf8'));
  return `${req.method} ${req.target.length > 300 ? `${req.target.slice(0, 300)}...` : req.target} [${headers}] ${body}`;
}
