import type { Config } from '../config.js';
import { parse, required, UsageError } from './args.js';
import { withContext, withUser } from './context.js';

/** `ccs oauth-client create|list|delete`: register OAuth applications without the portal. */
export async function oauthClientCommand(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create': {
      const { values } = parse(rest, {
        user: { type: 'string' },
        name: { type: 'string' },
        homepage: { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        public: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      });
      const username = required(values, 'user');
      const name = required(values, 'name');
      const redirectUris = values['redirect-uri'] ?? [];
      if (redirectUris.length === 0) throw new UsageError('--redirect-uri is required (repeat it for several)');
      const created = await withUser(config, username, async (ctx, userId) => {
        return ctx.oauth.createClient(userId, {
          name,
          homepage_url: values.homepage ?? null,
          redirect_uris: redirectUris,
          type: values.public ? 'public' : 'confidential',
        });
      });
      if (values.json) {
        // A public client has no secret, so the key is left out rather than set to null.
        console.log(JSON.stringify(created.client_secret === null ? { client_id: created.client_id } : { client_id: created.client_id, client_secret: created.client_secret }));
      } else {
        console.log(`client_id:     ${created.client_id}`);
        if (created.client_secret !== null) console.log(`client_secret: ${created.client_secret}   (shown once; only a hash is kept)`);
        else console.log('public client: no secret; it proves itself with PKCE');
        console.log(`redirect URIs: ${created.redirect_uris.join(' ')}`);
      }
      return 0;
    }
    case 'list': {
      const { values } = parse(rest, { user: { type: 'string' }, json: { type: 'boolean', default: false } });
      const username = required(values, 'user');
      const apps = await withUser(config, username, (ctx, userId) => ctx.oauth.listClients(userId));
      if (values.json) console.log(JSON.stringify(apps));
      else if (apps.length === 0) console.log(`no OAuth applications for ${username}`);
      else for (const a of apps) console.log([a.client_id, a.type.padEnd(12), a.name, a.redirect_uris.join(' ')].join('  '));
      return 0;
    }
    case 'delete': {
      const { positionals } = parse(rest, {}, true);
      const clientId = positionals[0];
      if (!clientId || positionals.length > 1) throw new UsageError('usage: ccs oauth-client delete <client-id>');
      await withContext(config, (ctx) => ctx.oauth.deleteClient(undefined, clientId));
      console.log(`deleted ${clientId}; every token it held stops working`);
      return 0;
    }
    default:
      throw new UsageError(`unknown oauth-client command "${sub ?? ''}"`);
  }
}
