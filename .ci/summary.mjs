// Prints one "name: N passed, N failed" line per vitest JSON report and a total line last.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let missing = false;
for (const file of process.argv.slice(2)) {
  const name = path.basename(file, '.json');
  if (!fs.existsSync(file)) {
    console.log(`${name}: no report (the run did not finish)`);
    missing = true;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const f = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  console.log(`${name}: ${r.numPassedTests} passed, ${f} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  passed += r.numPassedTests;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing || passed === 0 ? 1 : 0);
