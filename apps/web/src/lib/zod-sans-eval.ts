import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when eval is allowed, and probes for it once
 * with `new Function('')`. The content policy (script-src 'self') blocks eval: the probe showed as
 * a violation on every page. Without JIT, zod never tries it. Imported first by main.tsx.
 */
z.config({ jitless: true });
