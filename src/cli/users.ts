import type { Config } from '../config.js';
import { parse, required, UsageError } from './args.js';
import { withContext } from './context.js';

export async function userCommand(config: Config, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'create') throw new UsageError(`unknown user command "${sub ?? ''}"`);
  const { values } = parse(rest, {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    plan: { type: 'string', default: 'free' },
    json: { type: 'boolean', default: false },
  });
  const plan = values.plan;
  if (plan !== 'free' && plan !== 'pro') throw new UsageError('--plan must be free or pro');
  const user = await withContext(config, (ctx) =>
    ctx.accounts.createUser({
      username: required(values, 'username'),
      email: required(values, 'email'),
      password: required(values, 'password'),
      plan,
    }),
  );
  console.log(values.json ? JSON.stringify(user) : `created user ${user.username} (${user.id}, ${user.plan})`);
  return 0;
}
