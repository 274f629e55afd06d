import type { Config } from '../config.js';
import type { LoopLog } from '../jobs/failures.js';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/** JSON lines, pino-style, so `ccs worker` and the one-shot commands log like `ccs serve`. */
export function lineLogger(level: Config['logLevel'], out: NodeJS.WritableStream = process.stdout): LoopLog {
  const min = level === 'silent' ? Infinity : LEVELS.indexOf(level);
  const at = (name: (typeof LEVELS)[number]) => (obj: object, msg?: string) => {
    if (LEVELS.indexOf(name) < min) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]),
    );
    out.write(`${JSON.stringify({ level: name, time: Date.now(), pid: process.pid, msg, ...fields })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
