import net from 'node:net';
import { setImmediate as immediate, setTimeout as timeout } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { turnShared, turnWindowOpen } from '../../src/lib/turn-window.js';

/*
 * The window is driven by the real event loop: data arriving on a loopback TCP connection is
 * served in the poll phase as a request is (written before the caller goes on, so the next poll
 * finds it whatever the load), setImmediate is the check phase, a timer the timers phase.
 */
let client: net.Socket;
let server: net.Server;
const pending: Array<() => void> = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    socket.on('data', () => {
      for (const run of pending.splice(0)) run();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  client = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
});

afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Runs `fn` inside a poll-phase callback (data read from a socket) and answers what it returns. */
function inPollPhase<T>(fn: () => T): Promise<T> {
  return new Promise((resolve) => {
    pending.push(() => resolve(fn()));
    client.write('x');
  });
}

/** Runs `fn` inside a check-phase callback. */
function inCheckPhase<T>(fn: () => T): Promise<T> {
  return new Promise((resolve) => setImmediate(() => resolve(fn())));
}

/**
 * Runs `fn` in the poll phase of the next turn, one that starts after the timer a closed read
 * armed is due (as under load, when a turn lasts a millisecond or more): the timer comes due
 * while this callback spins.
 */
function inNextLoadedPollPhase<T>(fn: () => T): Promise<T> {
  const served = inPollPhase(fn);
  const until = performance.now() + 3;
  while (performance.now() < until) {
    // Spinning, as a busy turn would.
  }
  return served;
}

function counter() {
  let reads = 0;
  return {
    read: () => ++reads,
    get reads() {
      return reads;
    },
  };
}

/** A window in which two reads shared one value (reads 1 and 2 made): the state under load. */
async function afterASharedWindow() {
  const shared = turnShared<string, number>();
  const c = counter();
  shared.get('u', c.read);
  expect(await inNextLoadedPollPhase(() => [shared.get('u', c.read), shared.get('u', c.read)])).toEqual([2, 2]);
  return { shared, c };
}

describe('reads shared within a turn', () => {
  beforeEach(async () => {
    // A window another test asked for opens and closes before this one starts.
    await timeout(3);
    await immediate();
  });

  it('shares one read among the requests served in the same poll phase', async () => {
    const shared = turnShared<string, number>();
    const c = counter();
    shared.get('u', c.read); // closed: read afresh, and asks for the window to open
    const values = await inNextLoadedPollPhase(() => [shared.get('u', c.read), shared.get('u', c.read), shared.get('u', c.read)]);
    expect(values).toEqual([2, 2, 2]);
    expect(c.reads).toBe(2);
  });

  it('keeps a value per key', async () => {
    const shared = turnShared<string, string>();
    shared.get('a', () => 'first');
    const values = await inNextLoadedPollPhase(() => [shared.get('a', () => 'a1'), shared.get('b', () => 'b1'), shared.get('a', () => 'a2'), shared.get('b', () => 'b2')]);
    expect(values).toEqual(['a1', 'b1', 'a1', 'b1']);
  });

  it('drops every value at the check phase, so the next turn reads again', async () => {
    const shared = turnShared<string, number>();
    const c = counter();
    shared.get('u', c.read);
    expect(await inNextLoadedPollPhase(() => [shared.get('u', c.read), shared.get('u', c.read)])).toEqual([2, 2]);
    // A later turn: the check phase between emptied the window.
    expect(await inPollPhase(() => shared.get('u', c.read))).toBe(3);
  });

  it('does not keep a read made in the check phase for the next poll phase', async () => {
    const shared = turnShared<string, number>();
    const c = counter();
    shared.get('u', c.read);
    await inNextLoadedPollPhase(() => shared.get('u', c.read));
    // A request served in a setImmediate callback (a pipelined one, say) after the window closed:
    expect(await inCheckPhase(() => [turnWindowOpen(), shared.get('u', c.read), shared.get('u', c.read)])).toEqual([false, 3, 4]);
    // The next turn's requests arrived after that read: they must not get its value, even
    // when the window is open for them.
    expect(await inNextLoadedPollPhase(() => shared.get('u', c.read))).toBe(5);
  });

  it('opens the next window right after the check phase while reads are being shared (under load, every turn shares)', async () => {
    const { shared, c } = await afterASharedWindow();
    // The next poll phase comes well within a millisecond: no timer could have opened this window.
    expect(await inPollPhase(() => [turnWindowOpen(), shared.get('u', c.read), shared.get('u', c.read)])).toEqual([true, 3, 3]);
  });

  it('keeps the check phase closed after a shared window, and a read made there out of the next poll phase', async () => {
    const { shared, c } = await afterASharedWindow();
    expect(await inCheckPhase(() => [turnWindowOpen(), shared.get('u', c.read)])).toEqual([false, 3]);
    expect(await inPollPhase(() => [turnWindowOpen(), shared.get('u', c.read)])).toEqual([true, 4]);
  });

  it('stops opening windows once a window passes without a shared read', async () => {
    const { shared, c } = await afterASharedWindow();
    // Opened after that check phase, used by one read only: nothing shared, so it is the last.
    expect(await inPollPhase(() => [turnWindowOpen(), shared.get('u', c.read)])).toEqual([true, 3]);
    await inCheckPhase(() => undefined);
    expect(await inPollPhase(() => turnWindowOpen())).toBe(false);
  });

  it('reads afresh every time while the window is closed, and an idle process arms nothing', async () => {
    const shared = turnShared<string, number>();
    const c = counter();
    await inCheckPhase(() => undefined);
    expect(turnWindowOpen()).toBe(false);
    expect([shared.get('u', c.read), shared.get('u', c.read)]).toEqual([1, 2]);
    await timeout(3);
    await immediate();
    // Opened by the timer the reads asked for, closed again at the check phase; nothing re-arms it.
    expect(turnWindowOpen()).toBe(false);
    await timeout(3);
    expect(turnWindowOpen()).toBe(false);
  });

  it('shares a pending read (a promise) the same way', async () => {
    const shared = turnShared<string, Promise<number>>();
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    void shared.get('u', read);
    const [a, b] = await inNextLoadedPollPhase(() => [shared.get('u', read), shared.get('u', read)]);
    expect(a).toBe(b);
    expect(await a).toBe(2);
  });
});
