import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_MAIN } from './paths';

export interface RunningServer {
  url: string;
  /** The server's process id (to read its memory from /proc). */
  pid: number | undefined;
  /** The server's DATA_DIR (uploaded files under `files/`), when this package made it. */
  dataDir?: string;
  /** The last lines the process printed (shown when something fails). */
  output: string[];
  stop(): Promise<void>;
}

/**
 * How long a started server may take to answer /readyz (`BENCH_SERVER_READY_MS`): a ceiling, not a wait. An API server
 * over a million listings took 55-74 s to listen on a busy machine (not yet explained; the search index builds after).
 */
const READY_MS = Number(process.env.BENCH_SERVER_READY_MS ?? 300_000);

async function waitReady(url: string, child: ChildProcess, output: string[], timeoutMs = READY_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms:\n${output.join('')}`);
}

/** Every server this process started, stopped when it exits however it exits. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function track(child: ChildProcess): string[] {
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 40) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return output;
}

function stopper(child: ChildProcess, cleanup?: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup?.();
  };
}

/**
 * The production build of apps/server (`pnpm start`: NODE_ENV=production, dist/main.js) as a child process
 * on `port`, over `databaseUrl` (or the embedded database in a temporary DATA_DIR when it is undefined).
 * TRUST_PROXY trusts one proxy (the load generator's X-Forwarded-For) so that load generators can spread their requests over many client addresses
 * (X-Forwarded-For) and stay inside the per-address rate limits like real traffic from many users does.
 */
export async function startApiServer(options: {
  port: number;
  databaseUrl: string | undefined;
  env?: Record<string, string>;
  /** Node's own options before the script (`--cpu-prof`, say). */
  nodeArgs?: readonly string[];
}): Promise<RunningServer> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run pnpm build first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'barterads-bench-'));
  const origin = `http://localhost:${options.port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', SERVER_MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SELLER_LEGAL_NAME: 'BarterAds Test Seller Private Limited',
      SELLER_GSTIN: '27AABCB1234F1Z8',
      SELLER_ADDRESS: '1 Test Street, Mumbai, Maharashtra 400001',
      UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-of-32-characters-or-more',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      APP_URL: origin,
      ADMIN_APP_URL: `${origin}/admin/`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      MAIL_OUTBOX: 'true',
      ...options.env,
    },
  });
  const output = track(child);
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitReady(`http://127.0.0.1:${options.port}/readyz`, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, pid: child.pid, dataDir, output, stop };
}

/** A TypeScript entry of this package as its own Node process (tsx), ready when `readyPath` answers 200. */
export async function startScriptServer(options: {
  script: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
  /** How long it may take to answer its ready path (60 s by default). */
  readyTimeoutMs?: number;
}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(options.port), ...options.env },
  });
  const output = track(child);
  const stop = stopper(child);
  try {
    await waitReady(
      `http://127.0.0.1:${options.port}${options.readyPath}`,
      child,
      output,
      options.readyTimeoutMs,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, pid: child.pid, output, stop };
}
