/**
 * zod compiles object parsers with `new Function` when eval is allowed, and probes for it once
 * with `new Function('')`. The content policy (script-src 'self') blocks eval: the probe showed as
 * a violation on every page. Without JIT, zod never tries it. Imported first by main.tsx.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` (zod/v4/core, `config()`), read
 * when it loads: setting it here, rather than calling `z.config`, keeps zod itself out of the
 * login page's scripts (zod-sans-eval.test checks that zod sees it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
