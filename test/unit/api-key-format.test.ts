import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKey, hashToken, isWellFormedApiKey } from '../../src/auth/api-key-format.js';

// Issued by an earlier version of the key format: keys already handed out must keep passing.
const ISSUED = 'ccs_live_hsupfFlPPr6lJZ1PwUZwa5WVoqSXzgmh07Oz3B';

describe('API key format', () => {
  it('accepts a key issued by an earlier version, and stores it under the same SHA-256', () => {
    expect(isWellFormedApiKey(ISSUED)).toBe(true);
    expect(hashToken(ISSUED)).toBe(createHash('sha256').update(ISSUED).digest('hex'));
  });

  it('rejects a key with any one character of its body or checksum changed', () => {
    for (let i = 'ccs_live_'.length; i < ISSUED.length; i++) {
      const swapped = ISSUED[i] === 'a' ? 'b' : 'a';
      expect(isWellFormedApiKey(ISSUED.slice(0, i) + swapped + ISSUED.slice(i + 1))).toBe(false);
    }
  });

  it('generates distinct keys that pass their own checksum', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(isWellFormedApiKey(k)).toBe(true);
  });
});
