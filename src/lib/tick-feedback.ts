// Node 20 (V8 11.3) builds every `process.nextTick` entry as an object literal whose fields
// follow two symbol keys, and defines them through inline caches in `nextTick` itself. While
// Fastify boots, those caches see the tick object's map change several times (its number
// fields are first stored as small integers, later as doubles once a caller is optimised)
// and give up: megamorphic, each define then takes V8's generic path. Measured on the
// service: ~380 ns per tick against ~25 ns, ~9 ticks per HTTP request (Node's own stream
// and socket bookkeeping), ~3 µs of every request's CPU.
// Calling nextTick in a loop first lets the optimiser settle the map (the fields' final
// representation) before the caches have seen many; they then stay monomorphic. Nothing
// else depends on it: on an engine without the problem this is 20,000 empty ticks, ~2 ms.
const SETTLING_CALLS = 20_000;

const noop = (_n: number): void => {};

/** Run before the HTTP server boots; see the comment above (docs/decisions.md, issue 15). */
export function settleNextTickFeedback(calls = SETTLING_CALLS): void {
  for (let i = 0; i < calls; i++) process.nextTick(noop, i);
}
