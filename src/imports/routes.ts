import { notUtf8Charset } from '../http/json-body.js';
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { AppContext } from '../context.js';
import { Errors } from '../errors.js';
import { principalOf } from '../http/auth.js';
import { IDEMPOTENCY_KEY } from '../http/idempotency.js';
import { Envelope, Problem } from '../http/schemas.js';
import { validatorCompiler } from '../http/validation.js';
import { ImportProblem, ImportQuery, ImportReport } from './schemas.js';
import type { ImportResult, ImportService } from './service.js';

const MEDIA_TYPES = 'Send the file itself as the body, with Content-Type text/csv (a CSV export) or application/json (our JSON export).';

/**
 * The body of an import is the file, read by the service as it arrives. In the scope
 * given (an encapsulated plugin, so no other route is affected) `text/csv` and
 * `application/json` bodies are handed over as the raw stream, a declared length over
 * the limit is a 413 before anything is read, and any other media type is a 415.
 */
export function acceptImportFiles(scope: FastifyInstance, maxBytes: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(['text/csv', 'application/json'], (req: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
    const charset = notUtf8Charset(req.headers['content-type'] ?? '');
    if (charset !== undefined) {
      refuseAfterReading(req, payload, maxBytes, done, Errors.unsupportedMediaType(`Import files are UTF-8; this one was declared ${charset}. From Excel, save as "CSV UTF-8".`));
      return;
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      done(Errors.payloadTooLarge(`The file is ${declared} bytes; the limit is ${maxBytes} (CCS_IMPORT_MAX_BYTES).`));
      return;
    }
    if (req.headers[IDEMPOTENCY_KEY] === undefined) {
      done(null, payload);
      return;
    }
    // With an Idempotency-Key the file is read whole before the import starts: the key's
    // fingerprint, taken before the handler runs, must cover the file's bytes, so that a retry
    // with another file is 422 `idempotency_key_reused` rather than the first file's answer.
    const chunks: Buffer[] = [];
    let seen = 0;
    let settled = false;
    payload.on('data', (chunk: Buffer) => {
      if (settled) return; // past the limit: the rest is read and dropped, so the answer reaches the client
      seen += chunk.length;
      if (seen > maxBytes) {
        settled = true;
        chunks.length = 0;
        // As runImport does: an upload that does not end soon after is cut.
        const cut = setTimeout(() => req.raw.destroy(), DRAIN_MS);
        cut.unref();
        payload.once('end', () => clearTimeout(cut));
        done(Errors.payloadTooLarge(`The file is over ${maxBytes} bytes, the limit (CCS_IMPORT_MAX_BYTES).`));
        return;
      }
      chunks.push(chunk);
    });
    payload.once('end', () => {
      if (settled) return;
      settled = true;
      done(null, Buffer.concat(chunks, seen));
    });
    payload.once('error', (err) => {
      if (settled) return;
      settled = true;
      done(err);
    });
  });
  scope.addContentTypeParser('*', (req: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
    refuseAfterReading(req, payload, maxBytes, done, Errors.unsupportedMediaType(MEDIA_TYPES));
  });
}

/**
 * Answers `error` once the body has been read (and dropped): closing a connection that still
 * holds unread data resets it, and the client may lose the answer. Past the size limit it is not.
 */
function refuseAfterReading(req: FastifyRequest, payload: Readable, maxBytes: number, done: (err: Error | null, body?: unknown) => void, error: Error): void {
  const refuse = () => done(error);
  if (Number(req.headers['content-length']) > maxBytes) {
    refuse();
    return;
  }
  let seen = 0;
  let answered = false;
  const once = () => {
    if (answered) return;
    answered = true;
    payload.removeListener('data', onData);
    refuse();
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) once();
  };
  payload.on('data', onData);
  payload.once('end', once);
  payload.once('error', once);
}

/** The body is a stream, checked by the service as it reads; the query string is validated as everywhere else. */
export const importValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => (route.httpPart === 'body' ? () => true : validatorCompiler(route));

/** The OpenAPI description of the request body: the file, in either media type. */
export const ImportBody = {
  content: {
    'text/csv': {
      schema: Type.String({
        description:
          'A collection export of Moxfield, ManaBox, Deckbox, Archidekt, Dragon Shield or TCGplayer, or our own `csv`. UTF-8 (a byte order mark and an Excel `sep=,` first line are accepted).',
      }),
    },
    'application/json': {
      schema: Type.Unsafe<unknown>({
        description:
          'Our `json` export: `{"data": [entry, ...]}` (`data` its only member: send a `GET /collection` page without its `meta`) or a bare array of entries, as `GET /collection` shows them. An entry without `quantity` counts 1, as `POST /collection`.',
        oneOf: [
          { type: 'object', properties: { data: { type: 'array', items: { type: 'object' } } }, required: ['data'], additionalProperties: false },
          { type: 'array', items: { type: 'object' } },
        ],
      }),
    },
  },
};

export interface ImportCall {
  userId: string;
  query: ImportQuery;
  req: FastifyRequest;
}

function importOptions(req: FastifyRequest, query: ImportQuery) {
  return {
    mediaType: /^application\/json/i.test(req.headers['content-type'] ?? '') ? ('json' as const) : ('csv' as const),
    format: query.format ?? 'auto',
    mode: query.mode ?? 'dry_run',
    binderId: query.binder_id,
    onUnmatched: query.on_unmatched ?? 'reject',
  };
}

/** How long the rest of a refused upload is read and dropped before its connection is cut. */
const DRAIN_MS = 10_000;

/**
 * Runs an import for a route: the file is the request body, read as it arrives. When the
 * file is refused before its end (too large, a bomb, an unknown header), the rest is read
 * and dropped, so a client that only reads the answer once it has sent everything (most
 * do, fetch included) gets it; an upload that does not end within DRAIN_MS is cut.
 */
export async function runImport(imports: ImportService, { userId, query, req }: ImportCall): Promise<ImportResult> {
  const body = req.body as Readable | Buffer | undefined;
  if (body === undefined) throw Errors.unsupportedMediaType(MEDIA_TYPES);
  // Read whole already (a request with an Idempotency-Key, see acceptImportFiles).
  if (Buffer.isBuffer(body)) return imports.run({ userId, file: body, ...importOptions(req, query) });
  try {
    return await imports.run({
      userId,
      // Stopping early must not destroy the request: that would take the socket, and the answer, with it.
      file: body.iterator({ destroyOnReturn: false }),
      ...importOptions(req, query),
    });
  } catch (err) {
    if (!req.raw.complete) {
      const cut = setTimeout(() => req.raw.destroy(), DRAIN_MS);
      cut.unref();
      body.once('end', () => clearTimeout(cut));
      // The reader may still be waiting for a chunk (its listener keeps the stream from flowing):
      // it is dropped with the rest of the file.
      body.removeAllListeners('readable');
      body.on('data', () => undefined);
      body.resume();
    }
    throw err;
  }
}

const Responses = {
  200: Envelope(ImportReport),
  201: Envelope(ImportReport),
  400: Problem,
  401: Problem,
  403: Problem,
  404: Problem,
  413: Problem,
  415: Problem,
  422: ImportProblem,
  429: Problem,
  503: Problem,
} as const;

export const importRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (instance, { ctx }) => {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  acceptImportFiles(app, ctx.config.imports.maxBytes);

  app.route({
    method: 'POST',
    url: '/imports',
    config: { scope: 'collection:write' },
    validatorCompiler: importValidatorCompiler,
    schema: {
      operationId: 'createImport',
      tags: ['collection'],
      summary: 'Import a collection file (Moxfield, ManaBox, Deckbox, Archidekt, Dragon Shield, TCGplayer, our csv or json)',
      description:
        'The request body is the file itself (`text/csv` or `application/json`, up to `CCS_IMPORT_MAX_BYTES`, default 25 MB; larger is 413). ' +
        '`format=auto` recognises the app from the header line; an unknown header is 422 `unknown_import_format` naming the columns seen. ' +
        'Each row is matched to a card by Scryfall id, else set code and collector number (and language), else name within the set, else name. ' +
        'Rows that resolve to the same entry merge, and merge into your identical entries (same card, finish, condition, language and binder) as `POST /collection` does.\n\n' +
        '`mode=dry_run` (default) answers 200 with the report and writes nothing. `mode=apply` writes everything in one transaction and answers 201; ' +
        'each created or grown entry emits `collection.entry.created` or `collection.entry.updated` (batched into webhook deliveries as usual). ' +
        'If any row cannot be matched or read, `apply` writes nothing and answers 422 `import_rejected`, whose problem document carries the report\'s members; ' +
        '`on_unmatched=skip` imports the other rows instead.\n\n' +
        'A file refused whole: 400 `invalid_json` or `invalid_csv` (malformed), 422 `validation_failed` with `errors[0].code` one of ' +
        '`missing_columns`, `duplicate_columns`, `invalid_encoding` (UTF-16, Latin-1: save as UTF-8), `empty_file`, `too_many_rows` (over 250,000), ' +
        '`too_many_empty_rows` (over 10,000 blank rows); 415 for another media type. ' +
        'At most 2 of your imports run at once: another is 429 `rate_limited` with `Retry-After: 10`. ' +
        'Formats, word tables and limits: docs/import-export.md.',
      querystring: ImportQuery,
      body: ImportBody,
      response: Responses,
    },
    handler: async (req, reply) => {
      const result = await runImport(ctx.imports, { userId: principalOf(req).userId, query: req.query, req });
      return reply.code(req.query.mode === 'apply' ? 201 : 200).send({ data: result, meta: {} });
    },
  });
};
