import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyRequestLoggers } from '../../src/http/request-logger.js';

/** The lines a Fastify app with `factory` (or pino's own children) writes for two requests, times left out. */
async function linesOf(level: string, factory?: typeof lazyRequestLoggers): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const { time: _t, pid: _p, hostname: _h, responseTime: _r, ...rest } = JSON.parse(line) as Record<string, unknown>;
        lines.push(rest);
      }
      done();
    },
  });
  let n = 0;
  const app = Fastify({ logger: { level, stream }, genReqId: () => `req-${++n}`, ...(factory ? { childLoggerFactory: factory } : {}) });
  app.get('/', async (req) => {
    req.log.debug({ step: 1 }, 'a debug line');
    req.log.info('an info line');
    req.log.warn({ step: 2 }, 'a %s line', 'formatted');
    req.log.child({ part: 'inner' }).error('a line from a grandchild');
    return { level: req.log.level };
  });
  for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({ level });
  await app.close();
  return lines;
}

describe('request loggers made on first use', () => {
  for (const level of ['debug', 'info', 'warn', 'error']) {
    it(`writes exactly the lines pino's child loggers write at LOG_LEVEL=${level}, each with its request id`, async () => {
      const lazy = await linesOf(level, lazyRequestLoggers);
      expect(lazy).toEqual(await linesOf(level));
      expect(lazy.length).toBeGreaterThan(0);
      expect(lazy.every((l) => l.reqId === 'req-1' || l.reqId === 'req-2')).toBe(true);
      expect(lazy.filter((l) => l.msg === 'a line from a grandchild').map((l) => [l.reqId, l.part])).toEqual([
        ['req-1', 'inner'],
        ['req-2', 'inner'],
      ]);
    });
  }

  it('writes nothing for a request whose lines are all below the level', async () => {
    expect(await linesOf('fatal', lazyRequestLoggers)).toEqual([]);
  });
});
