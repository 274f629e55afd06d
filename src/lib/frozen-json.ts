/**
 * JSON text of values that cannot change, serialised once. A single-entry write serialised the
 * same entry twice besides its answer: into its event's payload (the outbox) and into the hash
 * of its ETag. A frozen object is taken to be frozen all the way down (`deepFreeze`), so its
 * text is kept beside it, weakly; anything else is serialised afresh every time.
 */
const texts = new WeakMap<object, string>();

export function jsonOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value) ?? 'null';
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** Freezes `value` and every object and array it holds, so `jsonOf` may keep its text. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
