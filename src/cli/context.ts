import type { Config } from '../config.js';
import { createContext, type AppContext } from '../context.js';

/** Opens the service's storage for a one-shot command and always closes it. */
export async function withContext<T>(config: Config, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(config);
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}
