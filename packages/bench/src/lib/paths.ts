import { fileURLToPath } from 'node:url';

/** The repository root, from this file's place in packages/bench/src/lib. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = `${REPO_ROOT}apps/server/dist/main.js`;
export const WEB_DIST = `${REPO_ROOT}apps/web/dist`;
export const ADMIN_DIST = `${REPO_ROOT}apps/admin/dist`;

/** Ports of the benchmark's servers: BENCH_PORT (default 7100) and the next few. */
export const BASE_PORT = Number(process.env.BENCH_PORT ?? 7100);

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
