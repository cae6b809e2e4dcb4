import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/test-app.js';
import type { JsonSchema } from './generator.js';
import { fuzz, type KnownCase } from './runner.js';
import { buildWorld, type FuzzWorld } from './world.js';

/**
 * The adversarial suite: every operation of the OpenAPI document served at /api/docs/openapi.json, called over
 * real HTTP by the owner, the manager, the administrator, another owner and nobody, with requests
 * drawn from the document's own schemas (valid ones and ones broken in one place). A fixed seed
 * and a bounded count in `npm test`; `npm run fuzz` draws more (FUZZ_RUNS, FUZZ_SEED).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? (TEST_DIALECT === 'postgres' ? 8 : 10));
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_124);

/** Failures another helper's item fixes at its root (issue 10); each stays visible in the report. */
const KNOWN: KnownCase[] = [
  // Empty since items 8 (multipart cut short: 500) and 15 (ids past PostgreSQL's integer: 500)
  // of issue 10 landed. A failure whose fix belongs to another item goes here, naming the item:
  // { item: 'issue 10, point 8', reason: /erreur serveur 500/, request: (t) => t.includes('…') },
];

describe(`fuzzeur du document OpenAPI (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let world: FuzzWorld;
  let doc: JsonSchema;
  let xsrf: string;

  beforeAll(async () => {
    server = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: '3600' });
    const client = server.client();
    world = await buildWorld(server.ctx, client);
    doc = (await client.get('/api/docs/openapi.json')).body as JsonSchema;
    xsrf = client.xsrf!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'aucune 5xx, un statut déclaré par le document, chaque erreur en problem+json français',
    async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      const report = await fuzz({
        baseUrl: server.baseUrl,
        xsrf,
        doc,
        world,
        png,
        seed: SEED,
        runs: RUNS,
        known: KNOWN,
        ...(process.env['FUZZ_ONLY'] ? { only: new RegExp(process.env['FUZZ_ONLY']) } : {}),
        ...(process.env['FUZZ_TRACE'] ? { trace: (line: string) => console.log(line) } : {}),
      });
      const operations = Object.keys(report.statuses);
      const reached = operations.filter((op) =>
        Object.keys(report.statuses[op]!).some((s) => Number(s) < 300),
      );
      if (process.env['FUZZ_VERBOSE'])
        console.log(
          JSON.stringify(
            {
              requests: report.requests,
              statuses: report.statuses,
              known: report.known,
              durations: report.durations,
            },
            null,
            1,
          ),
        );
      expect(report.findings).toEqual([]);
      // Every operation of the document, as many times as asked.
      if (!process.env['FUZZ_ONLY']) expect(operations.length).toBe(server.ctx.routes.length);
      expect(report.requests).toBeGreaterThanOrEqual(operations.length * RUNS);
      // The requests go past the gates: most operations answered a success at least once.
      expect(reached.length / operations.length).toBeGreaterThan(0.5);
    },
    Math.max(600_000, RUNS * 10_000),
  );
});
