import type { Config } from '../config.js';
import { runDoctor, type DoctorReport } from '../ops/doctor.js';
import { parse } from './args.js';

const MARK = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;

/**
 * `ccs doctor [--json]`: checks the configuration, the database and its migrations, Redis and
 * SMTP when they are set, and the data directory and its disk; prints what is wrong in plain
 * words. Exit code 1 when anything fails (warnings alone exit 0). It loads the configuration
 * itself, setting by setting, so one bad value does not hide the others.
 */
export async function doctorCommand(_config: Config | undefined, argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parse(argv, { json: { type: 'boolean', default: false } });
  const result = await runDoctor(env);
  if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(render(result));
  return result.ok ? 0 : 1;
}

function render(r: DoctorReport): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const head = r.ok ? (r.warnings ? `ccs doctor: no problems, ${plural(r.warnings, 'warning')}` : 'ccs doctor: everything looks right') : `ccs doctor: ${plural(r.problems, 'problem')}, ${plural(r.warnings, 'warning')}`;
  const lines = r.checks.map((c) => `  ${MARK[c.status]}  ${c.name}: ${c.message}`);
  return `${head}\n${lines.join('\n')}\n`;
}
