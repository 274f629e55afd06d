import { setFlagsFromString } from 'node:v8';

/*
 * Imported first by the command line (`ccs ...` and `npm start`), before the service's code
 * has run. V8's allocation-site pretenuring put about one server process in four (under the same
 * load, from its first seconds) into a state where every young collection promoted 2.4-3.5 MB of
 * finished requests' objects, one allocation site's objects surviving 100% of scavenges, and a
 * mark-compact followed every ~1.4 s: 1.5-2x the CPU per request for the process's life
 * (`GET /profile` 35-41 µs against 17-23). With it off, 24 of 24 processes ran fast. The
 * service's long-lived data (card index, caches) is built once and survives two scavenges
 * either way; pretenuring only saved that copy. Set at run time rather than as a node flag,
 * because `npm start` runs the server in its own process (docs/decisions.md).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
