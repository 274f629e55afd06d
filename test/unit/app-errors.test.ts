import { describe, expect, it } from 'vitest';
import { AppError, Errors } from '../../src/errors.js';

// A stack line names a function and where it is: "    at fn (file:line:col)".
const frames = (err: Error) => (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).length;

describe('domain errors', () => {
  it('answers a client mistake (4xx) without capturing a stack trace, which nothing reads', () => {
    for (const err of [Errors.invalidToken(), Errors.notFound('collection entry'), Errors.validation([{ field: 'card_id', code: 'unknown_card', message: 'no such card' }])]) {
      expect(err.status).toBeLessThan(500);
      expect(frames(err)).toBe(0);
      expect(err.message).not.toBe('');
      expect(err).toBeInstanceOf(Error);
    }
  });

  it('keeps the stack of a 5xx, which is logged', () => {
    expect(frames(Errors.unavailable('The database is not answering.', 'database'))).toBeGreaterThan(0);
    expect(frames(new AppError(500, 'internal', 'Internal error', 'boom'))).toBeGreaterThan(0);
  });

  it('leaves the process-wide stack trace limit as it found it', () => {
    const before = Error.stackTraceLimit;
    Errors.invalidToken();
    Errors.unavailable('x');
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('an ordinary error'))).toBeGreaterThan(0);
  });
});
