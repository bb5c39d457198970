/**
 * Runs before any schema is built (first import of src/main.tsx): zod's JIT probes `new Function`,
 * which the Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks and reports as a
 * violation. Jitless parsing needs no eval.
 *
 * zod 4 keeps its configuration in `globalThis.__zod_globalConfig` (what `z.config()` writes to,
 * created by zod if absent and reused if present), so setting it here does not pull zod itself into
 * the entry chunk (the sign-in page loads no zod). src/lib/zod-jitless.test.ts checks
 * that `z.config()` sees it.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
