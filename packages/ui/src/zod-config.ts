/**
 * Zod compiles object schemas with `new Function` when it may; our CSP forbids eval (script-src without
 * 'unsafe-eval'), and its probe alone is reported as a violation. Schemas run interpreted instead.
 *
 * Zod adopts `globalThis.__zod_globalConfig` as its configuration when it first loads (zod 4.4 on: the one
 * configuration every copy of it shares), so this needs no import of zod: the pages that validate nothing (the
 * landing page among them) do not download it. Each app's main.tsx imports this module first, before anything that
 * could load zod.
 */
const zodConfig: { jitless?: boolean } = { jitless: true };
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = zodConfig;
