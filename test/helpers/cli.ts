import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server.js';

const run = promisify(execFile);
export const BIN = path.resolve(import.meta.dirname, '../../bin/ccs.js');

/** Runs `ccs ...` as an operator's shell would, on the test server's database; never throws. */
export async function ccs(server: Pick<TestServer, 'childEnv'>, ...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: server.childEnv });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}
