import type { Config } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { UsageError } from './args.js';

/** Opens the service's storage for a one-shot command and always closes it. */
export async function withContext<T>(config: Config, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(config);
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}

/** `withContext` for commands that act for one account (`--user U`); an unknown username is a usage error. */
export async function withUser<T>(config: Config, username: string, fn: (ctx: AppContext, userId: string) => Promise<T>): Promise<T> {
  return withContext(config, async (ctx) => {
    const user = await ctx.accounts.findByUsername(username);
    if (!user) throw new UsageError(`no user "${username}"`);
    return fn(ctx, user.id);
  });
}
