/**
 * The layering rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
 * Paths are relative to the repository root. A "feature folder" is any folder of src/ other
 * than the shared layers (db, http, lib, cli, events, jobs) and the composition roots.
 */
/** Stores: a feature's Kysely queries (`store.ts`, or `<part>-store.ts` when a feature has several). */
const STORE = '[/-]store\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'routes-use-services',
      comment: 'Routes parse and answer; they reach data only through their service (no SQL, no stores, nothing of db/).',
      severity: 'error',
      from: { path: '^src/.+routes\\.ts$' },
      to: { path: [STORE, '^src/db/'] },
    },
    {
      name: 'services-know-no-http',
      comment: 'Below the routes nothing sees Fastify or src/http/: services, stores and their helpers are HTTP-free.',
      severity: 'error',
      from: {
        path: '^src/[^/]+/',
        pathNot: ['^src/(http|cli)/', 'routes\\.ts$', '/schemas\\.ts$', '^src/portal/session\\.ts$'],
      },
      to: { path: ['^src/http/', '^node_modules/(fastify|fastify-plugin|@fastify/[^/]+)/'] },
    },
    {
      name: 'own-stores-only',
      comment: "A feature never reaches into another feature's store: it asks that feature's service.",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: STORE, pathNot: '^src/$1/' },
    },
    {
      name: 'client-stands-alone',
      comment: 'ccs/client ships to other programs: it imports its generated types and libraries, nothing of the server.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/', pathNot: '^src/client/' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders depend on each other in one direction only.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a route that names a store's row type depends on that store.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
