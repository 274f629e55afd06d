import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../errors.js';
import { assertValidKey, fingerprintOf, KEPT_HEADERS, type IdempotencyService, type KeptResponse } from '../idempotency/service.js';
import { hooksOf } from './route-config.js';

/** The methods a key applies to (contract section 1). */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);
export const IDEMPOTENCY_KEY = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED = 'idempotency-replayed';

/** How often keys whose release failed are released again, and how many are remembered (the lease frees any beyond). */
const RELEASE_RETRY_MS = 1_000;
const MAX_UNRELEASED = 10_000;

interface Held {
  userId: string;
  key: string;
  token: string;
}

/**
 * `Idempotency-Key` on the API's writes (`idempotency/service.ts` has the rules). The key is
 * claimed once the request has been authenticated, counted and validated, just before the
 * handler runs: a request refused before that (401, 403, 429, an unreadable or invalid body)
 * ran nothing, so it is not kept and the key stays free. Whatever the handler answers is kept,
 * except a 5xx, which releases the key so that a retry runs again. The answer is stored before
 * it is sent, so a retry that follows a response (or a dropped connection) finds it.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, deps: { idempotency: IdempotencyService }) => {
  const held = new WeakMap<FastifyRequest, Held>();

  /**
   * Keys whose release failed: a 5xx during a database outage cannot release its key while the
   * database is down, and a retry would then get 409 until the lease ends (minutes). They are
   * released again every second until the database takes it; a process that dies first leaves
   * them to the lease.
   */
  const unreleased = new Map<string, Held>();
  let retrying: ReturnType<typeof setInterval> | undefined;
  let releasing = false;
  const releaseAgain = async () => {
    if (releasing) return;
    releasing = true;
    try {
      for (const [id, h] of unreleased) {
        await deps.idempotency.release(h.userId, h.key, h.token);
        unreleased.delete(id);
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
  const releaseLater = (h: Held) => {
    if (unreleased.size >= MAX_UNRELEASED) return;
    unreleased.set(`${h.userId}\u0000${h.key}`, h);
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
    const claim = await deps.idempotency.begin(userId, key, { method: req.method, path: req.url, fingerprint: fingerprintOf(req.method, req.url, req.body) });
    switch (claim.outcome) {
      case 'run':
        held.set(req, { userId, key, token: claim.token });
        return;
      case 'replay':
        return replay(reply, claim.response);
      case 'in_progress':
        throw Errors.idempotencyInProgress();
      case 'reused':
        throw Errors.idempotencyKeyReused(claim.firstUse);
    }
  };

  const keep = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const h = held.get(req);
    if (!h) return payload;
    held.delete(req);
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : undefined;
      // A 5xx may succeed when retried; a streamed body (no write route answers one) cannot be kept.
      if (reply.statusCode >= 500 || body === undefined) {
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
      await deps.idempotency.complete(h.userId, h.key, h.token, { status: reply.statusCode, headers, body: empty ? '' : body });
    } catch (err) {
      // The write itself is done: answer it. The key stays running until its lease ends (docs/api-notes.md).
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
  });
});

function replay(reply: FastifyReply, kept: KeptResponse): FastifyReply {
  reply.code(kept.status);
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  reply.header(IDEMPOTENCY_REPLAYED, 'true');
  return reply.send(kept.status === 204 ? null : kept.body);
}
