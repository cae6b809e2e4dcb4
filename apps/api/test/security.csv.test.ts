import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../src/core/csv.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants, login } from './support/factories.js';
import type { TestClient } from './support/http.js';
import { startTestServer, type TestServer } from './support/test-app.js';
import { cle, nouveauClient, nouveauProduit, referentiels } from './ventes.fixtures.js';

/**
 * Every CSV the server writes is safe for a spreadsheet that splits on « ; » and for one that
 * splits on « , » (issue 10, item 10): parsed either way (RFC 4180), no cell reads as a formula.
 */

/** RFC 4180 reader: the cells of each line, for the given separator. */
function parseCsv(text: string, separator: ';' | ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const FORMULA = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:,\d+)?$/;
const ATTACKS = [
  'a,=2+5,b',
  'x,+1,y',
  'p,-3+4',
  'q,@SOMME(A1)',
  '=HYPERLIEN("http://x";"y")',
  '@cmd',
  '+33 6',
  '-moins',
  'guillemet " ici',
  'point;virgule',
];

function expectNoFormula(text: string): void {
  const body = text.replace(/^\uFEFF/, '');
  for (const separator of [';', ','] as const)
    for (const row of parseCsv(body, separator))
      for (const cell of row)
        if (!PLAIN_NUMBER.test(cell))
          expect(
            cell.replace(/^[ "]+/, ''),
            `séparateur « ${separator} » : ${JSON.stringify(row)}`,
          ).not.toMatch(FORMULA);
}

describe('une cellule CSV', () => {
  it('est citée selon la RFC 4180 et neutralisée pour les deux séparateurs', () => {
    expect(csvCell('a,=2+5,b')).toBe(`"a,'=2+5,b"`);
    expect(csvCell('a, "@x')).toBe(`"a, ""'@x"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('un "mot"')).toBe('"un ""mot"""');
    expect(csvCell('-2,75')).toBe('-2,75');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    for (const attack of ATTACKS) {
      const line = ['x', csvCell(attack), 'y'].join(';');
      expectNoFormula(line);
      expect(parseCsv(line, ';')[0]![1]!.replace(/'/g, '')).toBe(attack.replace(/'/g, ''));
    }
  });
});

describe(`exports CSV sans formule (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let world: Awaited<ReturnType<typeof createTenants>>;
  let owner: { token: string };

  beforeAll(async () => {
    server = await startTestServer();
    client = server.client();
    world = await createTenants(server.ctx);
    owner = { token: (await login(client, world.ownerA.email)).token };
  });
  afterAll(() => server.close());

  it('produits et ventes : noms piégés, lus avec « ; » ou « , »', async () => {
    const ref = await referentiels(server.ctx);
    const shop = world.shopA.id;
    for (const nom of ATTACKS) {
      const produitId = await nouveauProduit(client, owner, shop, {
        nom,
        uniteId: ref.piece,
        prixVente: 250,
        stockInitial: 5000,
      });
      const clientId = await nouveauClient(client, owner, shop, nom);
      const vente = await client.post(
        `/api/services/${shop}/ventes`,
        {
          cleIdempotence: cle(),
          typeVenteId: ref.detail,
          clientId,
          lignes: [{ produitId, quantite: 1000 }],
          paiements: [{ mode: 'especes', montant: 250 }],
        },
        owner,
      );
      expect(vente.status, JSON.stringify(vente.body)).toBe(201);
    }
    for (const what of ['produits', 'ventes']) {
      const answer = await client.get(`/api/services/${shop}/${what}/export.csv`, owner);
      expect(answer.status).toBe(200);
      const text = answer.body as string;
      expectNoFormula(text);
      const cells = parseCsv(text.replace(/^\uFEFF/, ''), ';').flat();
      for (const nom of ATTACKS) expect(cells.some((c) => c.replace(/'/g, '') === nom)).toBe(true);
    }
  });
});
