/**
 * The `options` parameter of a PostgreSQL URL (`?options=-c%20search_path%3Dtenant`): server
 * settings sent when a connection starts. A schema named there is the deployment's schema, as
 * `CCS_PG_SCHEMA` names it, so that `doctor`, `backup` and the connections' names agree with
 * where the tables are; the service's own `search_path` replaces that setting alone and keeps
 * the others (a `statement_timeout`, say).
 */

/** One `-c name=value` (or `-cname=value`, `--name=value`) setting of an options string. */
const SETTING = /(^|\s)(?:-c\s*|--)([A-Za-z_][A-Za-z0-9_.]*)=(\S*)/g;

/** The `options` parameter of `url`, or undefined when it has none or is not a URL. */
export function urlOptions(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('options') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The last `search_path` an options string sets (PostgreSQL applies the last), as written. */
export function searchPathIn(options: string | undefined): string | undefined {
  let found: string | undefined;
  for (const m of (options ?? '').matchAll(SETTING)) if (m[2]?.toLowerCase() === 'search_path') found = m[3];
  return found;
}

/** `options` with every `search_path` setting replaced by one naming `schema`. */
export function withSearchPath(options: string | undefined, schema: string): string {
  const rest = (options ?? '').replace(SETTING, (all, lead: string, name: string) => (name.toLowerCase() === 'search_path' ? lead : all)).trim();
  return rest ? `${rest} -c search_path=${schema}` : `-c search_path=${schema}`;
}
