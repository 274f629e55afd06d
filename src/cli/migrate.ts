import type { Config } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { parse } from './args.js';

export async function migrateCommand(config: Config, argv: string[]): Promise<number> {
  parse(argv, {});
  const database = await openDatabase(config);
  try {
    const applied = await migrateToLatest(database);
    console.log(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await database.close();
  }
}
