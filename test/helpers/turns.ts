/**
 * How many turns of the event loop other work got while `work` ran: a callback re-queued with
 * setImmediate counts each turn until `work` settles. On SQLite, statements run on the event
 * loop, so a long job that never lets it turn scores 0.
 */
export async function turnsDuring<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let finished = false;
  let turns = 0;
  const tick = () => {
    if (finished) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work, turns };
  } finally {
    finished = true;
  }
}
