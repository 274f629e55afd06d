import { setImmediate, setTimeout } from 'node:timers';

/**
 * Reads that the requests served in one turn of the event loop may share: the auth epoch, a
 * user's collection version. A shared read is correct for a request only if it was made
 * after the request arrived, so that it sees every change committed before then.
 *
 * Node serves requests from the sockets one poll of the kernel found ready (libuv's poll
 * phase). A client that waits for one answer before sending its next request (every usual
 * client; see below for pipelining) sent each of those requests before that poll returned,
 * and every read made while serving them comes after it. So a read may be shared from the
 * moment the loop leaves the previous turn's check phase (setImmediate callbacks) until this
 * turn's check phase begins, and never across a poll.
 *
 * Node has no hook at the start of a poll. The window is closed, all values dropped, by a
 * setImmediate that the opening schedules, which runs at the head of the next check phase; it
 * is opened between that check phase and the next poll: by the close callback of a
 * MessagePort closed in the check phase (close callbacks run right after it; ~8 µs a turn)
 * while the last window was shared, else by a 0 ms timer that a read made while the window is
 * closed arms (timers run after the close callbacks, in the first turn that starts a
 * millisecond later). Reads made while the window is closed (in a check phase, or before it
 * opened) are made afresh and not kept. Under load every turn shares; an idle process arms
 * nothing.
 *
 * What this does not cover: a pipelined request (sent before the answer to the previous one)
 * whose parsing Node resumes after that answer is written, which can happen before the next
 * poll; and a poll that returns more than 1,024 ready sockets, after which libuv polls again
 * within the same phase. Both were judged too rare to pay a read per request for
 * (docs/decisions.md, "Reads shared within a turn").
 *
 * The timer functions are Node's own (`node:timers`), not the globals a test may fake: a
 * window that never closed would serve stale values.
 */

let open = false;
let opening = false;
/** Reads this window answered from a memo: the sign of load that keeps the next window coming. */
let shared = 0;
/** Memos holding values while the window is open; emptied when it closes. */
const filled = new Set<Map<unknown, unknown>>();

function openWindow(): void {
  opening = false;
  open = true;
  setImmediate(closeWindow);
}

function closeWindow(): void {
  open = false;
  for (const memo of filled) memo.clear();
  filled.clear();
  if (shared > 0) openAfterThisCheckPhase();
  shared = 0;
}

/** A MessagePort's close callback runs in the close phase: after this check phase, before the next poll. */
function openAfterThisCheckPhase(): void {
  if (opening) return;
  opening = true;
  const { port1, port2 } = new MessageChannel();
  port1.once('close', openWindow);
  port1.close();
  port2.close();
}

function askToOpen(): void {
  if (opening) return;
  opening = true;
  setTimeout(openWindow, 0).unref();
}

export interface TurnShared<K, V> {
  /** `read()`'s value for `key`, made once and shared by the requests this turn serves where allowed. */
  get(key: K, read: () => V): V;
}

export function turnShared<K, V>(): TurnShared<K, V> {
  const memo = new Map<K, V>();
  return {
    get(key, read) {
      if (!open) {
        askToOpen();
        return read();
      }
      if (memo.has(key)) {
        shared++;
        return memo.get(key) as V;
      }
      const value = read();
      memo.set(key, value);
      filled.add(memo as Map<unknown, unknown>);
      return value;
    },
  };
}

/** Whether reads are shared right now (tests). */
export function turnWindowOpen(): boolean {
  return open;
}
