import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createTenants } from './support/factories.js';
import { changedTables, snapshot } from './support/snapshot.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The snapshot that tells « a refusal changed nothing » (bad-input, nested routes, documents):
 * on PostgreSQL it is read again only when the write-ahead log has moved. A write of any kind,
 * even one that keeps a table's row count, must still show.
 */
describe(`instantané des tables métier (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let shopId: number;

  beforeAll(async () => {
    server = await startTestServer();
    shopId = (await createTenants(server.ctx)).shopA.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('égal sans écriture, différent après une insertion puis une modification', async () => {
    const { db } = server.ctx.database;
    const first = await snapshot(server.ctx);
    expect(changedTables(first, await snapshot(server.ctx))).toEqual([]);

    await db
      .insertInto('categories')
      .values({
        service_id: shopId,
        nom: 'Épicerie fine',
        nom_cle: 'epicerie fine',
        nom_tri: 'epicerie fine',
        created_at: new Date().toISOString(),
      })
      .execute();
    const inserted = await snapshot(server.ctx);
    expect(changedTables(first, inserted)).toEqual(['categories']);

    // Same row count, another name.
    await db
      .updateTable('categories')
      .set({ nom: 'Épicerie' })
      .where('nom', '=', 'Épicerie fine')
      .execute();
    const updated = await snapshot(server.ctx);
    expect(changedTables(inserted, updated)).toEqual(['categories']);
    expect(changedTables(updated, await snapshot(server.ctx))).toEqual([]);
  });
});
