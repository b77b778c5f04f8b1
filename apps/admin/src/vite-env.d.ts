// Vite's client types (import.meta.env, asset imports), here rather than in tsconfig "types" so that the
// workspace type check (tsconfig.workspace.json) has them too.
/// <reference types="vite/client" />
