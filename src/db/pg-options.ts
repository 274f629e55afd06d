/**
 * The `options` parameter of a PostgreSQL URL (`?options=-c%20search_path%3Dtenant`): server
 * settings sent when a connection starts. A schema named there is the deployment's schema, as
 * `CCS_PG_SCHEMA` names it, so that `doctor`, `backup` and the connections' names agree with
 * where the tables are; the service's own `search_path` replaces that setting alone and keeps
 * the others (a `statement_timeout`, say).
 */

/** One `-c name=value` (or `-cname=value`, `--name=value`) setting of an options string. */
const SETTING = /(^|\s)(?:-c\s*|--)([A-Za-z_][A-Za-z0-9_.-]*)=(\S*)/g;

/** Whether a setting's name is `search_path`, as PostgreSQL reads it (any case, `-` for `_`). */
const isSearchPath = (name: string) => name.toLowerCase().replaceAll('-', '_') === 'search_path';

/** The `options` parameter of `url` (the last, as node-postgres reads it), or undefined when it has none or is not a URL. */
export function urlOptions(url: string): string | undefined {
  try {
    return new URL(url).searchParams.getAll('options').at(-1);
  } catch {
    return undefined;
  }
}

/**
 * `url` without its `options` parameters: node-postgres lets the URL's `options` replace the
 * ones it is given, so the service passes them merged (`withSearchPath`) beside the URL.
 */
export function withoutUrlOptions(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('options')) return url;
    parsed.searchParams.delete('options');
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The last `search_path` an options string sets (PostgreSQL applies the last), as written. */
export function searchPathIn(options: string | undefined): string | undefined {
  let found: string | undefined;
  for (const m of (options ?? '').matchAll(SETTING)) if (isSearchPath(m[2] ?? '')) found = m[3];
  return found;
}

/** `options` with every `search_path` setting replaced by one naming `schema`. */
export function withSearchPath(options: string | undefined, schema: string): string {
  const rest = (options ?? '').replace(SETTING, (all, lead: string, name: string) => (isSearchPath(name) ? lead : all)).trim();
  return rest ? `${rest} -c search_path=${schema}` : `-c search_path=${schema}`;
}
