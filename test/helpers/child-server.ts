// Runs test/helpers/standalone-server.ts as a child process on a given database, so tests and the
// webhook bench can kill -9 the real service and start it again.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./standalone-server.ts', import.meta.url));

export interface ChildServer {
  url: string;
  adminToken: string;
  process: ChildProcess;
  /** kill -9: no shutdown hooks, no flushing, like a machine losing power. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ready = await new Promise<{ url: string; admin_token: string }>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`child server did not start:\n${stderr}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        try {
          const parsed = JSON.parse(line) as { url?: string; admin_token?: string };
          if (parsed.url && parsed.admin_token) {
            clearTimeout(timer);
            resolve(parsed as { url: string; admin_token: string });
          }
        } catch {
          /* log lines and partial lines */
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child server exited (${code}):\n${stderr}`));
    });
  });
  // Keep draining the pipes so the child never blocks on a full one.
  child.stdout?.resume();
  return {
    url: ready.url,
    adminToken: ready.admin_token,
    process: child,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
