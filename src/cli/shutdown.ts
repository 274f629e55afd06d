import type { Config } from '../config.js';

interface ShutdownLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The longest a signalled process may take to stop: the request grace, a webhook POST in flight
 * (its timeout), and 5 s to record that POST and flush usage counts. `compose.yaml`'s
 * stop_grace_period (30 s) outlasts the defaults' 25 s.
 */
export function shutdownDeadlineMs(config: Pick<Config, 'shutdownGraceMs'> & { webhooks: Pick<Config['webhooks'], 'timeoutMs'> }): number {
  return config.shutdownGraceMs + config.webhooks.timeoutMs + 5_000;
}

/**
 * Resolves once SIGTERM or SIGINT has come and `stop` has finished: true when it finished
 * cleanly, false when it failed (the command then exits 1). Stopping is bounded: a database or
 * Redis that holds its connections open without answering (a frozen host, a network cut without
 * resets) would keep a usage flush or a pool's close waiting for ever, so past `deadlineMs` the
 * process says what it was still doing (`where`) and exits with status 1, as it does on a second
 * signal (an operator's second Ctrl-C). The deadline is left armed, unref'd, after `stop`: a
 * handle that still holds the process open then ends the same way instead of hanging it.
 */
export function stopOnSignal(log: ShutdownLog, deadlineMs: number, message: string, stop: () => Promise<void>, where: () => string | undefined): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        log.error({ signal, stage: where() }, 'second signal: exiting now, without finishing what was in flight');
        process.exit(1);
      }
      stopping = true;
      log.info({ signal, deadline_ms: deadlineMs }, message);
      setTimeout(() => {
        const stage = where() ?? 'exiting';
        log.error({ deadline_ms: deadlineMs, stage }, `still stopping after ${deadlineMs} ms (${stage}); exiting without finishing it: a database or Redis that does not answer, or a job that runs long (a card import stays as it was; usage counts not yet flushed are lost)`);
        process.exit(1);
      }, deadlineMs).unref();
      stop().then(
        () => resolve(true),
        (err: unknown) => {
          log.error({ err, stage: where() }, 'shutdown failed');
          resolve(false);
        },
      );
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
