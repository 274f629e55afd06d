/**
 * The binder of `binders` that a binder named `name` elsewhere (an import's file) goes into:
 * the same spelling first, else the same name in any case, never one in `used` (each binder
 * takes the entries of one binder of the file, so two whose names differ only in case, or
 * not at all, stay two). Undefined when none is free.
 */
export function binderForName<B extends { id: string; name: string }>(binders: readonly B[], name: string, used: ReadonlySet<string>): B | undefined {
  const free = (b: B) => !used.has(b.id);
  const lower = name.toLowerCase();
  return binders.find((b) => free(b) && b.name === name) ?? binders.find((b) => free(b) && b.name.toLowerCase() === lower);
}
