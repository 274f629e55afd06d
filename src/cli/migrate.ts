import type { Config } from '../config.js';
import { migrateToLatest, migrationsOfNewerRelease, openDatabase } from '../db/database.js';
import { parse } from './args.js';

export async function migrateCommand(config: Config, argv: string[]): Promise<number> {
  parse(argv, {});
  const database = await openDatabase(config);
  try {
    const applied = await migrateToLatest(database);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
    // Said, not hidden behind "up to date": the operator is mid-upgrade or rolled back.
    const newer = await migrationsOfNewerRelease(database);
    if (newer.length) {
      console.log(
        `it also holds ${newer.length === 1 ? 'a migration' : `${newer.length} migrations`} of a newer release (${newer.join(', ')}), left as they are: this release runs on it while the upgrade is finished (\`ccs doctor\` says more)`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
