import { describe, expect, it } from 'vitest';
import { searchPathIn, urlOptions, withoutUrlOptions, withSearchPath } from '../../src/db/pg-options.js';

describe('the options of a PostgreSQL URL', () => {
  it('reads the options parameter, and nothing from a URL without one', () => {
    expect(urlOptions('postgres://u@h/db?options=-c%20search_path%3Dt')).toBe('-c search_path=t');
    expect(urlOptions('postgres://u@h/db')).toBeUndefined();
    expect(urlOptions('not a url')).toBeUndefined();
    // Given twice, node-postgres takes the last.
    expect(urlOptions('postgres://u@h/db?options=-c%20search_path%3Da&options=-c%20search_path%3Db')).toBe('-c search_path=b');
  });

  it('takes the options out of a URL, and leaves a URL without them as it is', () => {
    expect(withoutUrlOptions('postgres://u:p%40ss@h:5432/db?options=-c%20work_mem%3D5MB&sslmode=require')).toBe('postgres://u:p%40ss@h:5432/db?sslmode=require');
    expect(withoutUrlOptions('postgres://u@h/db?options=x')).toBe('postgres://u@h/db');
    expect(withoutUrlOptions('postgres://u@h/db?sslmode=require')).toBe('postgres://u@h/db?sslmode=require');
  });

  it('finds the last search_path set, written any of the ways PostgreSQL reads', () => {
    expect(searchPathIn('-c search_path=a')).toBe('a');
    expect(searchPathIn('-csearch_path=a')).toBe('a');
    expect(searchPathIn('--search_path=a')).toBe('a');
    expect(searchPathIn('-c SEARCH_PATH=a -c search_path=b')).toBe('b');
    expect(searchPathIn('--search-path=a')).toBe('a');
    expect(searchPathIn('-c search-path=a')).toBe('a');
    expect(searchPathIn('-c statement_timeout=5000')).toBeUndefined();
    expect(searchPathIn('-c my.search_path=a')).toBeUndefined();
    expect(searchPathIn(undefined)).toBeUndefined();
  });

  it('replaces only the search_path, keeping the other settings', () => {
    expect(withSearchPath(undefined, 's')).toBe('-c search_path=s');
    expect(withSearchPath('-c statement_timeout=5000 -c search_path=x', 's')).toBe('-c statement_timeout=5000 -c search_path=s');
    expect(withSearchPath('-csearch_path=x --search_path=y -c lock_timeout=1s', 's')).toBe('-c lock_timeout=1s -c search_path=s');
  });
});
