import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../errors.js';

// Bodies are strict: wrong types and unknown fields are errors, never silently coerced
// or stripped. Query strings and path params arrive as text, so those coerce.
const strict = new Ajv.default({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: false, strict: false });
const lenient = new Ajv.default({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes: 'array', strict: false });
addFormats.default(strict);
addFormats.default(lenient);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strict : lenient;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

function fieldPath(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || (context === 'body' ? 'body' : '');
}

function join(base: string, name: string): string {
  return base && base !== 'body' ? `${base}.${name}` : name;
}

/** Turns ajv's errors into the contract's `errors: [{field, code, message}]`. */
export function toFieldErrors(errors: ErrorObject[], context: string | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
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
        if (errors.some((o) => o.keyword === 'const' && o.instancePath === e.instancePath)) continue;
        code = 'invalid_type';
        message = `must be ${e.params.type}`;
        break;
      case 'const': {
        // A union of literals (TypeBox's Union of Literal): one error listing them, as for an enum.
        const allowed = errors.filter((o) => o.keyword === 'const' && o.instancePath === e.instancePath).map((o) => String(o.params.allowedValue));
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
        if (errors.some((o) => o !== e && o.instancePath.startsWith(e.instancePath))) continue;
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
