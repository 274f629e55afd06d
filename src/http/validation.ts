import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../errors.js';

// Bodies are strict: wrong types and unknown fields are errors, never silently coerced
// or stripped. Query strings and path params arrive as text, so those coerce.
const BODY = { removeAdditional: false, useDefaults: true, coerceTypes: false, strict: false } as const;
const TEXT = { removeAdditional: false, useDefaults: true, coerceTypes: 'array', strict: false } as const;
// Two of each: one that stops at the first error (every request), one that finds them all (only
// for an input that failed and is small enough to list them all cheaply).
const strictFirst = new Ajv.default({ ...BODY, allErrors: false });
const strictAll = new Ajv.default({ ...BODY, allErrors: true });
const lenientFirst = new Ajv.default({ ...TEXT, allErrors: false });
const lenientAll = new Ajv.default({ ...TEXT, allErrors: true });
for (const ajv of [strictFirst, strictAll, lenientFirst, lenientAll]) addFormats.default(ajv);

/** Values (objects, arrays, scalars) an input may hold for every error of it to be listed. */
const LISTED_UP_TO = 5_000;

/** Whether `data` holds at most `budget` values; stops counting past it. */
function small(data: unknown, budget = LISTED_UP_TO): boolean {
  const stack: unknown[] = [data];
  let seen = 0;
  for (let v = stack.pop(); v !== undefined || stack.length > 0; v = stack.pop()) {
    if (++seen > budget) return false;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stack.push(x);
  }
  return true;
}

/**
 * Validation that finds every error of an ordinary input, and stops at the first of a huge one:
 * collecting all errors of a 2 MB body of a million wrong items held the event loop for seconds
 * (docs/decisions.md). A valid input is validated once, by the stopping validator; the full one
 * is compiled on the first input that needs it.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const body = httpPart === 'body';
  const first = (body ? strictFirst : lenientFirst).compile(schema as object);
  let all: ValidateFunction | undefined;
  const plain = httpPart === 'querystring' ? plainValues(schema) : undefined;
  const validate = (data: unknown): boolean => {
    const unplain = plain && notPlain(data, plain);
    if (unplain) {
      validate.errors = [unplain];
      return false;
    }
    if (first(data)) {
      validate.errors = null;
      return true;
    }
    if (small(data)) {
      all ??= (body ? strictAll : lenientAll).compile(schema as object);
      all(data);
      validate.errors = all.errors ?? first.errors ?? null;
    } else validate.errors = first.errors ?? null;
    return false;
  };
  validate.errors = null as ErrorObject[] | null;
  return validate as unknown as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** A query parameter's expected shape where ajv's coercion is looser than the contract: numbers by `Number()`, lists to one value. */
type Plain = 'integer' | 'number' | 'single';
const DECIMAL: Record<Exclude<Plain, 'single'>, RegExp> = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

/** The query schema's properties that take one value, with whether it is a number. */
function plainValues(schema: unknown): Array<[string, Plain]> {
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(props).flatMap(([name, p]): Array<[string, Plain]> =>
    p.type === 'array' ? [] : [[name, p.type === 'integer' ? 'integer' : p.type === 'number' ? 'number' : 'single']],
  );
}

/**
 * A query value ajv would take though the contract does not: a number not in decimal digits
 * (`Number()` reads `0x10`, `1e1`, `+5` and ` 7`; `limit=0x10` answered 16 rows) or a parameter
 * given twice (`limit=50&limit=60`, which ajv only calls "must be integer").
 */
function notPlain(data: unknown, plain: Array<[string, Plain]>): ErrorObject | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const q = data as Record<string, unknown>;
  for (const [name, kind] of plain) {
    const v = q[name];
    if (v === undefined) continue;
    const at = { instancePath: `/${name}`, schemaPath: '', keyword: 'type' };
    if (Array.isArray(v)) return { ...at, params: { type: 'given once' }, message: 'must be given once' };
    if (kind !== 'single' && typeof v === 'string' && !DECIMAL[kind].test(v)) {
      return { ...at, params: { type: kind === 'integer' ? 'a whole number in decimal digits' : 'a number in decimal digits' } };
    }
  }
  return undefined;
}

function fieldPath(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || (context === 'body' ? 'body' : '');
}

function join(base: string, name: string): string {
  return base && base !== 'body' ? `${base}.${name}` : name;
}

/**
 * At most this many field errors in an answer: a 2 MB body can hold a million wrong items, and
 * naming each one would take seconds and a body ten times the request's (docs/decisions.md).
 */
export const MAX_FIELD_ERRORS = 100;

/** Turns ajv's errors into the contract's `errors: [{field, code, message}]` (the first `MAX_FIELD_ERRORS`). In time linear in the errors. */
export function toFieldErrors(errors: ErrorObject[], context: string | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // Looked up per error below; built once, so that many errors cost linear time, not quadratic.
  const constsAt = new Map<string, string[]>();
  const errorsUnder = new Map<string, number>();
  for (const o of errors) {
    if (o.keyword === 'const') {
      const list = constsAt.get(o.instancePath);
      if (list) list.push(String(o.params.allowedValue));
      else constsAt.set(o.instancePath, [String(o.params.allowedValue)]);
    }
    // Every error counts at its own path and at each path above it.
    let path = o.instancePath;
    for (;;) {
      errorsUnder.set(path, (errorsUnder.get(path) ?? 0) + 1);
      if (path === '') break;
      path = path.slice(0, Math.max(0, path.lastIndexOf('/')));
    }
  }
  for (const e of errors) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    const base = fieldPath(e.instancePath, context);
    let field = base;
    let code = 'invalid';
    let message = e.message ?? 'is invalid';
    switch (e.keyword) {
      case 'required':
        field = join(base, String(e.params.missingProperty));
        code = 'required';
        message = 'is required';
        break;
      case 'additionalProperties':
        field = join(base, String(e.params.additionalProperty));
        code = 'unknown_field';
        message = 'is not a known field';
        break;
      case 'type':
        // A union of literals that also takes null: the literals' one message below says it all.
        if (constsAt.has(e.instancePath)) continue;
        code = 'invalid_type';
        message = `must be ${e.params.type}`;
        break;
      case 'const': {
        // A union of literals (TypeBox's Union of Literal): one error listing them, as for an enum.
        const allowed = constsAt.get(e.instancePath) ?? [];
        code = 'invalid_value';
        message = `must be one of: ${allowed.join(', ')}`;
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        code = 'out_of_range';
        break;
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
        code = 'invalid_length';
        break;
      case 'enum':
        code = 'invalid_value';
        message = `must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
        break;
      case 'format':
      case 'pattern':
        code = 'invalid_format';
        break;
      case 'anyOf':
      case 'oneOf':
        // The branch errors already say what is wrong; skip the umbrella message when they exist.
        // (It counts once at its own path: any more there or below are the branches'.)
        if ((errorsUnder.get(e.instancePath) ?? 0) > 1) continue;
        break;
    }
    if (!field) field = context ?? 'request';
    const key = `${field}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, code, message });
  }
  return out;
}
