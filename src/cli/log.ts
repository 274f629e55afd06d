import pino from 'pino';
import type { Config } from '../config.js';
import type { LoopLog } from '../jobs/failures.js';

/**
 * The log of `ccs worker` and the one-shot commands: pino, as Fastify's logger in `ccs serve`,
 * so every process writes the same JSON lines (numeric `level`, `time`, `pid`, `hostname`,
 * errors under `err`) and one alert on `level >= 50` covers them all.
 */
export function lineLogger(level: Config['logLevel'], out: NodeJS.WritableStream = process.stdout): LoopLog {
  const logger = pino({ level }, out === process.stdout ? pino.destination({ dest: 1, sync: true }) : out === process.stderr ? pino.destination({ dest: 2, sync: true }) : out);
  return {
    debug: (obj, msg) => logger.debug(obj, msg),
    info: (obj, msg) => logger.info(obj, msg),
    warn: (obj, msg) => logger.warn(obj, msg),
    error: (obj, msg) => logger.error(obj, msg),
  };
}
