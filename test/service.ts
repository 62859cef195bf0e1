// The service as its own process (`quire serve` run from the TypeScript source), for tests that
// must watch it from outside: that it never dies, and how much memory it holds.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Service {
  url: string;
  process: ChildProcess;
  /** The first-run organization and its key, when this process created them. */
  orgId?: string;
  key?: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `quire serve` with the given QUIRE_* settings and waits until /readyz says ready. */
export async function startService(env: Record<string, string>, port?: number): Promise<Service> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, QUIRE_HOST: '127.0.0.1', QUIRE_PORT: String(port), QUIRE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the service did not get ready:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    orgId: /Created organization (org_\w+)/.exec(output)?.[1],
    key: /^\s+(qk_\S+)$/m.exec(output)?.[1],
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory in MB of a process and its child processes (its parse workers), from /proc. */
export async function treeResidentMb(pid: number): Promise<{ self: number; total: number }> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const rss = (p: number) => {
    try {
      return (Number(readFileSync(`/proc/${p}/statm`, 'latin1').split(' ')[1]) * 4096) / 1024 / 1024;
    } catch {
      return 0;
    }
  };
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return Number(readFileSync(`/proc/${p}/stat`, 'latin1').replace(/^.*\) /, '').split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
  const self = rss(pid);
  return { self, total: self + children.reduce((sum, p) => sum + rss(p), 0) };
}
