import fs from 'node:fs';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { createContext } from '../context.js';
import { parse } from './args.js';

/**
 * The API description exactly as `/api/v1/openapi.json` serves it, built from the app without
 * a server or a database file: the context runs on an in-memory SQLite database.
 */
export async function apiDescription(config: Config): Promise<object> {
  const ctx = await createContext({ ...config, databaseUrl: undefined, sqlitePath: ':memory:', redisUrl: undefined, logLevel: 'silent' });
  try {
    const app = await buildApp(ctx, { logger: false });
    try {
      await app.ready();
      return app.swagger() as object;
    } finally {
      await app.close();
    }
  } finally {
    await ctx.close();
  }
}

/** `ccs openapi [--out FILE]`: prints (or writes) the API description, e.g. to generate a client. */
export async function openapiCommand(config: Config, argv: string[]): Promise<number> {
  const { values } = parse(argv, { out: { type: 'string' } });
  const text = `${JSON.stringify(await apiDescription(config), null, 2)}\n`;
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
  return 0;
}
