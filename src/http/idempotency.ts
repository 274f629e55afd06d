import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runFenced, type WriteFence } from '../db/write-fence.js';
import { Errors } from '../errors.js';
import { assertValidKey, fingerprintOf, KEPT_HEADERS, type IdempotencyService, type KeptResponse } from '../idempotency/service.js';
import { hooksOf } from './route-config.js';

/** The methods a key applies to (contract section 1). */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);
export const IDEMPOTENCY_KEY = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED = 'idempotency-replayed';

/**
 * How often keys whose release (or answer) could not be stored are tried again, how many are
 * remembered, and how many characters of answers (the lease deals with any beyond).
 */
const RELEASE_RETRY_MS = 1_000;
const MAX_UNRELEASED = 10_000;
const MAX_UNKEPT_CHARS = 16 * 1024 * 1024;

interface Held {
  userId: string;
  key: string;
  token: string;
  /** The handler's fenced writes mark the key `applied` as they commit (src/db/write-fence.ts). */
  fence: WriteFence;
  /** Until the answer is being kept: a write started later (background work) is not the request's. */
  active: boolean;
}

/**
 * `Idempotency-Key` on the API's writes (`idempotency/service.ts` has the rules). The key is
 * claimed once the request has been authenticated, counted and validated, just before the
 * handler runs: a request refused before that (401, 403, 429, an unreadable or invalid body)
 * ran nothing, so it is not kept and the key stays free. Whatever the handler answers is kept,
 * except a 409, a 412, a 429 or a 5xx (the state of things refused it now), which release the key so
 * that a retry runs again. The answer is stored before
 * it is sent, so a retry that follows a response (or a dropped connection) finds it. The handler
 * runs inside the key's write fence: its writes mark the key `applied` in their own
 * transaction, so a write whose answer could not be kept is never run twice.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, deps: { idempotency: IdempotencyService }) => {
  const held = new WeakMap<FastifyRequest, Held>();

  /**
   * Keys whose release, or whose answer, the database did not take (it went away): a retry
   * would otherwise get 409 until the lease ends (minutes), then learn only that the answer was
   * lost. They are tried again every second until the database takes them; a process that dies
   * first leaves them to the lease.
   */
  const unreleased = new Map<string, { h: Held; answer?: KeptResponse }>();
  let unkeptChars = 0;
  let retrying: ReturnType<typeof setInterval> | undefined;
  let releasing = false;
  const releaseAgain = async () => {
    if (releasing) return;
    releasing = true;
    try {
      for (const [id, pending] of unreleased) {
        const { h, answer } = pending;
        if (answer) await deps.idempotency.complete(h.userId, h.key, h.token, answer);
        else await deps.idempotency.release(h.userId, h.key, h.token);
        // Only what was done: an entry put in its place meanwhile waits for the next round.
        if (unreleased.get(id) === pending) {
          unreleased.delete(id);
          unkeptChars -= answer?.body.length ?? 0;
        }
      }
    } catch {
      // Still unreachable: the next tick tries again.
    } finally {
      releasing = false;
      if (unreleased.size === 0 && retrying !== undefined) {
        clearInterval(retrying);
        retrying = undefined;
      }
    }
  };
  const releaseLater = (h: Held, answer?: KeptResponse) => {
    if (unreleased.size >= MAX_UNRELEASED || unkeptChars + (answer?.body.length ?? 0) > MAX_UNKEPT_CHARS) return;
    // By token too: each claim of one key (a first request whose claim's answer was lost, its retries during
    // the same outage) is released by its own token, and none takes the place of another's answer.
    const id = `${h.userId}\u0000${h.key}\u0000${h.token}`;
    const before = unreleased.get(id);
    if (before?.answer && !answer) return;
    unkeptChars += (answer?.body.length ?? 0) - (before?.answer?.body.length ?? 0);
    unreleased.set(id, { h, answer });
    retrying ??= setInterval(() => void releaseAgain(), RELEASE_RETRY_MS);
    retrying.unref();
  };
  app.addHook('onClose', async () => {
    if (retrying !== undefined) clearInterval(retrying);
    retrying = undefined;
  });

  const claimKey = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!IDEMPOTENT_METHODS.has(req.method)) return;
    const key = req.headers[IDEMPOTENCY_KEY];
    if (key === undefined || !req.principal) return;
    // Node joins a repeated header into one "a, b" string: only headersDistinct shows it was sent twice.
    if (Array.isArray(key) || (req.raw.headersDistinct[IDEMPOTENCY_KEY]?.length ?? 0) > 1) {
      throw Errors.validation([{ field: 'Idempotency-Key', code: 'invalid_idempotency_key', message: 'must be sent once' }]);
    }
    assertValidKey(key);
    const userId = req.principal.userId;
    // The claim's token is made here, so a claim whose answer is lost (a connection cut as it
    // committed, a database frozen) can still be released by it once the database answers; else
    // the key stayed `running`, every retry 409, until the lease ended (5 minutes).
    const token = randomUUID();
    let claim: Awaited<ReturnType<IdempotencyService['begin']>>;
    try {
      claim = await deps.idempotency.begin(userId, key, { method: req.method, path: req.url, fingerprint: fingerprintOf(req.method, req.url, req.body, req.principal.applicationId) }, token);
    } catch (err) {
      releaseLater({ userId, key, token, active: false, fence: { enter: () => Promise.resolve() } });
      throw err;
    }
    switch (claim.outcome) {
      case 'run': {
        const h: Held = {
          userId,
          key,
          token: claim.token,
          active: true,
          fence: { enter: (trx) => (h.active ? deps.idempotency.fence(trx, userId, key, claim.token) : Promise.resolve()) },
        };
        held.set(req, h);
        return;
      }
      case 'replay':
        return replay(reply, claim.response);
      case 'in_progress':
        throw Errors.idempotencyInProgress();
      case 'reused':
        throw Errors.idempotencyKeyReused(claim.firstUse);
      case 'lost':
        throw Errors.idempotencyAnswerLost();
    }
  };

  const keep = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const h = held.get(req);
    if (!h) return payload;
    held.delete(req);
    h.active = false;
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : undefined;
      // A 5xx may succeed when retried, and so may a 409, 412 or 429 (a conflict with the state of things now,
      // an If-Match the resource has moved past, a limit that resets: a retry after Retry-After, or with the
      // fresh ETag, must run, not replay the refusal for 24 hours). A streamed body (no write route answers one)
      // cannot be kept. A change that committed keeps its key spent regardless.
      if (reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 412 || reply.statusCode === 429 || body === undefined) {
        const release = deps.idempotency.release(h.userId, h.key, h.token).catch(() => releaseLater(h));
        // A 503 is an outage: the release would wait out the database's timeout a second time
        // before the answer goes (11 s instead of 6 against a silent one). It goes on behind the
        // answer; a retry sooner than that gets 409 with Retry-After: 1, then runs.
        if (reply.statusCode !== 503) await release;
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const empty = reply.statusCode === 204 || reply.statusCode === 304;
      const answer = { status: reply.statusCode, headers, body: empty ? '' : body };
      await deps.idempotency.complete(h.userId, h.key, h.token, answer).catch((err: unknown) => {
        // The write itself is done: answer it, and store the answer once the database is back.
        req.log.warn({ err, idempotencyKey: h.key }, 'could not keep the response for its Idempotency-Key yet');
        releaseLater(h, answer);
      });
    } catch (err) {
      req.log.warn({ err, idempotencyKey: h.key }, 'could not keep the response for its Idempotency-Key');
    }
    return payload;
  };

  // Only on the routes of the methods that take a key: a GET would pay two promise hops for
  // nothing. Put first among route-level hooks, so they run where the instance hooks ran.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => IDEMPOTENT_METHODS.has(m))) return;
    route.preHandler = [claimKey, ...hooksOf(route.preHandler)];
    route.onSend = [keep, ...hooksOf(route.onSend)];
    const handler = route.handler;
    route.handler = function fencedHandler(this: FastifyInstance, req, reply) {
      const h = held.get(req);
      return h === undefined ? handler.call(this, req, reply) : runFenced(h.fence, () => handler.call(this, req, reply));
    };
  });
});

function replay(reply: FastifyReply, kept: KeptResponse): FastifyReply {
  reply.code(kept.status);
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  reply.header(IDEMPOTENCY_REPLAYED, 'true');
  return reply.send(kept.status === 204 ? null : kept.body);
}
