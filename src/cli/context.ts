import { AppError } from '../errors.js';
import type { Config } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { createServiceJobs } from '../service-jobs.js';
import { lineLogger } from './log.js';

/**
 * Opens the service's storage for a one-shot command and always closes it. Its jobs are
 * those of a process with no role (the WAL checkpointer on SQLite); their lines go to stderr,
 * which is the command's own.
 */
export async function withContext<T>(config: Config, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(config);
  const jobs = createServiceJobs(ctx, { api: false, worker: false }, lineLogger(config.logLevel === 'silent' ? 'silent' : 'warn', process.stderr));
  try {
    await jobs.start();
    return await fn(ctx);
  } finally {
    await jobs.stop();
    await ctx.close();
  }
}

/** `withContext` for commands that act for one account (`--user U`); an unknown username is a usage error. */
export async function withUser<T>(config: Config, username: string, fn: (ctx: AppContext, userId: string) => Promise<T>): Promise<T> {
  return withContext(config, async (ctx) => {
    const user = await ctx.accounts.findByUsername(username);
    // The command line was right; the account is missing: exit 1 with the reason, not the usage text.
    if (!user) throw new AppError(404, 'not_found', 'Not found', `no user "${username}" (ccs user create makes one)`);
    return fn(ctx, user.id);
  });
}
