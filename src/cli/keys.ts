import type { Config } from '../config.js';
import { parse, required, UsageError } from './args.js';
import { withContext, withUser } from './context.js';

export async function keyCommand(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create': {
      const { values } = parse(rest, {
        user: { type: 'string' },
        name: { type: 'string' },
        scopes: { type: 'string' },
        json: { type: 'boolean', default: false },
      });
      const username = required(values, 'user');
      const scopes = required(values, 'scopes').split(',').map((s) => s.trim()).filter(Boolean);
      const created = await withUser(config, username, (ctx, userId) => ctx.apiKeys.create(userId, { name: required(values, 'name'), scopes }));
      // The secret alone on stdout, so `KEY=$(ccs key create ...)` works.
      console.log(values.json ? JSON.stringify({ id: created.id, key: created.key, name: created.name, scopes: created.scopes }) : created.key);
      return 0;
    }
    case 'list': {
      const { values } = parse(rest, { user: { type: 'string' }, json: { type: 'boolean', default: false } });
      const username = required(values, 'user');
      const keys = await withUser(config, username, (ctx, userId) => ctx.apiKeys.list(userId));
      if (values.json) {
        console.log(JSON.stringify(keys));
      } else if (keys.length === 0) {
        console.log(`no keys for ${username}`);
      } else {
        for (const k of keys) {
          console.log([k.id, k.status.padEnd(7), k.prefix, k.name, k.scopes.join(','), `created ${k.created_at}`, `last used ${k.last_used_at ?? 'never'}`].join('  '));
        }
      }
      return 0;
    }
    case 'revoke': {
      const { positionals } = parse(rest, {}, true);
      const id = positionals[0];
      if (!id || positionals.length > 1) throw new UsageError('usage: ccs key revoke <key-id>');
      const { key, alreadyRevoked } = await withContext(config, (ctx) => ctx.apiKeys.revokeKey(id));
      // Exit 0 either way (the key is revoked), but an operator can tell "I just cut it off" from "it was already dead".
      console.log(alreadyRevoked ? `${key.id} (${key.name}) was already revoked at ${key.revoked_at}; nothing changed` : `revoked ${key.id} (${key.name})`);
      return 0;
    }
    default:
      throw new UsageError(`unknown key command "${sub ?? ''}"`);
  }
}
