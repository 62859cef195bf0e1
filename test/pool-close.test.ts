import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'quire-pool-close-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('closing the worker pools', () => {
  it('waits for the workers to stop, so a program whose last step is closing them exits cleanly', async () => {
    // A program that starts a pool, waits until its worker is ready, closes it and ends there:
    // before the fix the unreferenced workers let Node end while close() waited (exit code 13).
    const pool = pathToFileURL(join(import.meta.dirname, '..', 'src', 'workers', 'pool.ts')).href;
    const script = join(dir, 'close.mts');
    writeFileSync(
      script,
      `import { WorkerPool } from ${JSON.stringify(pool)};
const pool = new WorkerPool({ size: 1, queueLimit: 1, jobTimeoutMs: 60_000, ocrThreadBudget: 1, selfTest: 'inspect' });
const started = Date.now();
while (pool.ready < 1) {
  if (Date.now() - started > 60_000) throw new Error('the worker did not start');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await pool.close();
console.log('closed');
`,
    );
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', script], { cwd: join(import.meta.dirname, '..'), timeout: 90_000 }, (error, out) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out }));
    });
    expect(stdout.trim()).toBe('closed');
    expect(code).toBe(0);
  }, 120_000);
});
