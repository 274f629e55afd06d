import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from '../../src/cards/cron.js';
import { ConfigError, loadConfig } from '../../src/config.js';

const next = (expr: string, after: string) => parseCron(expr).next(new Date(after)).toISOString();

describe('card refresh schedule (cron, UTC)', () => {
  it('finds the next run of a daily, hourly, stepped and listed schedule', () => {
    expect(next('0 4 * * *', '2026-11-22T03:59:30.000Z')).toBe('2026-11-22T04:00:00.000Z');
    expect(next('0 4 * * *', '2026-11-22T04:00:00.000Z')).toBe('2026-11-23T04:00:00.000Z');
    expect(next('@hourly', '2026-11-22T10:15:00.000Z')).toBe('2026-11-22T11:00:00.000Z');
    expect(next('*/15 * * * *', '2026-11-22T10:16:00.000Z')).toBe('2026-11-22T10:30:00.000Z');
    expect(next('30 2,14 * * *', '2026-11-22T03:00:00.000Z')).toBe('2026-11-22T14:30:00.000Z');
    expect(next('0 0 1 * *', '2026-11-22T00:00:00.000Z')).toBe('2026-12-01T00:00:00.000Z');
    expect(next('0 0 29 2 *', '2026-03-01T00:00:00.000Z')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('treats day-of-week 0 and 7 as Sunday, and either day field as enough when both are set', () => {
    // 2026-11-22 is a Sunday.
    expect(next('0 9 * * 7', '2026-11-20T00:00:00.000Z')).toBe('2026-11-22T09:00:00.000Z');
    expect(next('0 9 * * 1-5', '2026-11-21T00:00:00.000Z')).toBe('2026-11-23T09:00:00.000Z');
    expect(next('0 9 25 * 0', '2026-11-23T00:00:00.000Z')).toBe('2026-11-25T09:00:00.000Z');
  });

  it('rejects malformed expressions', () => {
    for (const bad of ['', '* * * *', '60 * * * *', '* 24 * * *', '*/0 * * * *', 'a b c d e', '0 0 31 2 *']) {
      expect(() => parseCron(bad).next(new Date('2026-01-01T00:00:00Z')), bad).toThrow(CronError);
    }
  });

  it('is read from CCS_CARD_DATA_URL and CCS_CARD_REFRESH_CRON, daily at 04:00 by default', () => {
    expect(loadConfig({}).cardRefresh).toEqual({ url: undefined, cron: '0 4 * * *' });
    expect(loadConfig({ CCS_CARD_DATA_URL: 'https://api.scryfall.com/bulk-data/default-cards', CCS_CARD_REFRESH_CRON: '@daily' }).cardRefresh).toEqual({
      url: 'https://api.scryfall.com/bulk-data/default-cards',
      cron: '@daily',
    });
    expect(() => loadConfig({ CCS_CARD_REFRESH_CRON: '61 * * * *' })).toThrow(ConfigError);
    expect(() => loadConfig({ CCS_CARD_DATA_URL: 'ftp://example.com/cards.json' })).toThrow(ConfigError);
  });
});
