import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsPage } from '../../src/api-docs/pages.js';
import { ERROR_DOCS, FIELD_ERROR_DOCS, WARNING_DOCS } from '../../src/error-docs.js';
import { AppError, Errors } from '../../src/errors.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Arguments for the factories that need some; every other factory is called with none. */
const ARGS: Partial<Record<keyof typeof Errors, unknown[]>> = {
  badRequest: ['x'],
  invalidQuery: ['x'],
  insufficientScope: ['cards:read'],
  forbidden: ['x'],
  conflict: ['x'],
  validation: [[{ field: 'f', code: 'c', message: 'm' }]],
  rateLimited: [5],
  unavailable: ['x'],
  csrfFailed: ['x'],
  tooManySignIns: [60],
  tooManySignUps: [60],
  apiKeyLimitReached: [50],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('the error catalogue and /docs/errors', () => {
  it('documents the code of every factory in Errors, with its status', () => {
    for (const [name, factory] of Object.entries(Errors)) {
      const err = (factory as (...a: unknown[]) => unknown)(...(ARGS[name as keyof typeof Errors] ?? []));
      expect(err, name).toBeInstanceOf(AppError);
      const { code, status } = err as AppError;
      expect(ERROR_DOCS[code], `Errors.${name}() answers "${code}": add it to ERROR_DOCS in src/error-docs.ts`).toBeDefined();
      expect(ERROR_DOCS[code]?.status, `status of ${code}`).toBe(status);
    }
  });

  it('documents every field code a module puts in a validation_failed answer', () => {
    const raised = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      // `{ field: ..., code: '...' }` literals and `fieldError(field, 'code', ...)` calls.
      for (const m of text.matchAll(/field: [^,\n]+, code: '([a-z_]+)'|fieldError\([^,\n]+, '([a-z_]+)'/g)) raised.set((m[1] ?? m[2])!, path.relative(SRC, file));
      // A deck list's line errors (`{ line: ..., code: '...' }`) and an import file's refusals (`new ImportFileError('...'`).
      // (Those the import answers as problems of their own, in imports/service.ts's fileProblem, are in ERROR_DOCS.)
      // A line's code pushed onto `warnings` is a warning, documented apart (below).
      for (const m of text.matchAll(/(warnings\.push\(\{ )?line: [^,\n]+, code: '([a-z_]+)'|new ImportFileError\('([a-z_]+)'/g)) {
        if (m[1]) continue;
        const code = (m[2] ?? m[3])!;
        if (!(m[3] && ['too_large', 'unknown_import_format', 'invalid_json', 'invalid_csv'].includes(code))) raised.set(code, path.relative(SRC, file));
      }
    }
    expect(raised.size).toBeGreaterThan(15);
    for (const [code, where] of raised) expect(FIELD_ERROR_DOCS[code], `${where} answers the field code "${code}": add it to FIELD_ERROR_DOCS`).toBeDefined();
  });

  it('documents every warning code a module puts in an answer\'s meta.warnings, on /docs/errors', () => {
    const warned = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/warnings\.push\(\{ line: [^,\n]+, code: '([a-z_]+)'/g)) warned.set(m[1]!, path.relative(SRC, file));
    }
    expect([...warned.keys()]).toContain('printing_replaced');
    for (const [code, where] of warned) expect(WARNING_DOCS[code], `${where} warns "${code}": add it to WARNING_DOCS`).toBeDefined();
    const html = errorsPage();
    for (const code of Object.keys(WARNING_DOCS)) expect(html).toContain(`id="warning-${code}"`);
  });

  it('documents every code a module raises with new AppError(status, code, ...)', () => {
    const raised = new Map<string, string>();
    for (const file of sourceFiles(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/new AppError\(\s*(\d{3}),\s*'([a-z_]+)'/g)) raised.set(m[2]!, `${path.relative(SRC, file)} (${m[1]})`);
    }
    expect(raised.size).toBeGreaterThan(20);
    for (const [code, where] of raised) expect(ERROR_DOCS[code], `${where} raises "${code}": add it to ERROR_DOCS`).toBeDefined();
  });

  it('renders one anchor per code, so every problem type URI resolves to its explanation', () => {
    const html = errorsPage();
    for (const [code, doc] of Object.entries(ERROR_DOCS)) {
      expect(html, code).toContain(`id="${code}"`);
      expect(html).toContain(doc.title.replace(/'/g, '&#39;'));
    }
    // Each anchor once: a duplicate id would make the link ambiguous.
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('escapes what it renders and uses only the stylesheet it serves (no inline script or style)', () => {
    const html = errorsPage();
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('<code>Retry-After</code>');
  });
});
