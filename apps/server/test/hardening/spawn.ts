import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL } from './harness';

const serverDir = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The PostgreSQL server the fault and load tests use (full mode defaults to the local one). */
export function postgresUrl(): string | undefined {
  return process.env.DATABASE_URL || (FULL ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything it wrote to stdout and stderr. */
  output: string[];
  /** Resident memory in MiB (from /proc), or undefined when unknown. */
  rssMiB(): number | undefined;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server as a child process, the way `pnpm start` does: the built dist/main.js in full mode
 * (pnpm test:hardening builds it first), the TypeScript source through tsx otherwise, on a free port.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const built = join(serverDir, 'dist/main.js');
  const useBuilt = FULL && existsSync(built);
  const args = useBuilt
    ? ['--enable-source-maps', built]
    : ['--import', 'tsx', join(serverDir, 'src/main.ts')];
  const port = await closedPort();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ADMIN_DIST: '/nonexistent',
      // Production refuses to start without SMTP_URL unless the outbox is asked for (tests that need mail give one).
      MAIL_OUTBOX: 'true',
      // Production requires the seller on GST invoices.
      SELLER_LEGAL_NAME: 'BarterAds Test Seller Private Limited',
      SELLER_GSTIN: '27AABCB1234F1Z8',
      SELLER_ADDRESS: '1 Test Street, Mumbai, Maharashtra 400001',
      UNSUBSCRIBE_SECRET: 'hardening-unsubscribe-secret-of-32-characters',
      ...env,
    },
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 2000) output.splice(0, 1000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await sleep(200);
  }
  return {
    child,
    baseUrl,
    output,
    rssMiB() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
        return kb ? Number(kb) / 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill(signal);
      await exited;
    },
  };
}

/** A TCP proxy in front of PostgreSQL that the test can cut and restore, without touching the real server. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let down = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    cut,
    restore() {
      down = false;
    },
    async close() {
      cut();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
