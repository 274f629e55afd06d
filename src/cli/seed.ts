import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { importCards } from '../cards/import.js';
import { SCOPES } from '../auth/scopes.js';
import { parse } from './args.js';
import { withContext } from './context.js';

export const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo-data/cards');
export const DEMO_USER = { username: 'demo', email: 'demo@example.com', password: 'demo-password', plan: 'pro' as const };

/**
 * Loads the bundled card data when the card table is empty and creates the demo
 * user with an all-scopes key the first time. Safe to run on every start.
 * `onlyIntoEmpty` (`serve --seed`, so `npm start`): the demo user, whose password everyone
 * knows, is made only in a database without users, never beside real accounts.
 * `demoUser`: whether the demo user exists afterwards.
 */
export async function seedDemo(ctx: AppContext, opts: { quiet: boolean; onlyIntoEmpty?: boolean }): Promise<{ key?: string; demoUser: boolean }> {
  const say = (msg: string) => {
    if (!opts.quiet) console.log(msg);
  };
  if ((await ctx.cards.count()) === 0) {
    say('Loading the demo card database (755 printings, 1,114 rulings)...');
    const summary = await importCards(ctx, {
      file: path.join(DEMO_DIR, 'default-cards.json'),
      rulings: path.join(DEMO_DIR, 'rulings.json'),
      asOf: '2019-08-04',
    });
    say(`  ${summary.cards.total} printings, ${summary.rulings.total} rulings`);
  }
  if (await ctx.accounts.findByUsername(DEMO_USER.username)) return { demoUser: true };
  if (opts.onlyIntoEmpty && (await ctx.accounts.anyUser())) {
    say('Demo user not created: this database has accounts already, and a login everyone knows does not belong beside them.');
    return { demoUser: false };
  }
  const user = await ctx.accounts.createUser(DEMO_USER);
  const key = await ctx.apiKeys.create(user.id, { name: 'demo (all scopes)', scopes: [...SCOPES] });
  say(`Created user "${DEMO_USER.username}" (password "${DEMO_USER.password}").`);
  return { key: key.key, demoUser: true };
}

export async function seedCommand(config: Config, argv: string[]): Promise<number> {
  parse(argv, {});
  const { key } = await withContext(config, (ctx) => seedDemo(ctx, { quiet: false }));
  if (key) console.log(`Demo API key (shown once): ${key}`);
  else console.log('Demo data already present.');
  return 0;
}
