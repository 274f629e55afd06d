import { randomUUID } from 'node:crypto';
import type { Database } from './database.js';

const KEY = 'deployment_id';

/**
 * This deployment's id: made once, by the first process to ask, and kept in the database's
 * `meta` table, so every process on the same database (one SQLite file, one PostgreSQL schema)
 * reads the same id and no other deployment has it. Names what the deployment keeps outside
 * its database (its rate-limit counters in a Redis other deployments may share). Undefined when
 * the database can neither give nor take one (a read-only file that predates it).
 */
export async function deploymentId(database: Database): Promise<string | undefined> {
  const read = async () => (await database.db.selectFrom('meta').select('value').where('key', '=', KEY).executeTakeFirst())?.value;
  const known = await read();
  if (known) return known;
  try {
    await database.db.insertInto('meta').values({ key: KEY, value: randomUUID() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  } catch {
    return undefined;
  }
  return read();
}
