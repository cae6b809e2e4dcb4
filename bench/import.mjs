// A big product import while the till sells (issue 15): the import writes all its rows in one
// transaction (all or nothing). How long does that write hold the database, and what does a sale
// at the counter of the same shop go through meanwhile? Through the API only: a new shop of 50
// products (the till's), then imports of 20,000 and 100,000 rows (BENCH_IMPORT_LIGNES) asked with
// the progress stream, while one till sells 2-line cash sales one after the other.
import { fmt, percentiles } from './server.mjs';
import { api, ean13, nouvelleBoutique, session } from './ventes.mjs';

const TAILLES = (process.env.BENCH_IMPORT_LIGNES ?? '20000,100000').split(',').map(Number);

/** `n` products named and referenced `prefixe`, their barcodes (in-store) from the digit `chiffre`. */
function lignesProduits(prefixe, chiffre, n, stock) {
  return Array.from({ length: n }, (_, i) => ({
    nom: `${prefixe} ${i}`,
    reference: `${prefixe}-${i}`,
    codeBarres: ean13(`2${chiffre}${String(i).padStart(10, '0')}`),
    categorie: `Rayon ${i % 40}`,
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    tauxTva: 1800,
    stockInitial: stock,
  }));
}

/** The till: cash sales of 2 lines, one after the other until `fini()`; each one's start and end. */
async function caisse(baseUrl, s, shop, produits, typeVente, fini) {
  const ventes = [];
  for (let n = 0; !fini(); n++) {
    const lignes = [produits[n % produits.length], produits[(n * 7 + 3) % produits.length]];
    const total = lignes.reduce((a, p) => a + p.prixVente, 0);
    const debut = performance.now();
    await api(baseUrl, s, 'POST', `/api/services/${shop}/ventes`, {
      cleIdempotence: `import-${process.pid}-${Date.now()}-${n}`,
      typeVenteId: typeVente,
      lignes: lignes.map((p) => ({ produitId: p.id, quantite: 1000 })),
      paiements: [{ mode: 'especes', montant: total, recu: total }],
    });
    ventes.push({ debut, fin: performance.now() });
  }
  return ventes;
}

/** The import asked with the progress stream: the moment each line arrived. */
async function importer(baseUrl, s, shop, lignes) {
  const debut = performance.now();
  const r = await fetch(`${baseUrl}/api/services/${shop}/produits/import`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/x-ndjson',
      authorization: `Bearer ${s.token}`,
      cookie: s.cookie,
      'x-xsrf-token': s.xsrf,
    },
    body: JSON.stringify({ lignes }),
  });
  if (r.status !== 200) throw new Error(`import ${r.status} ${await r.text()}`);
  const vues = [];
  const decoder = new TextDecoder();
  let reste = '';
  for await (const morceau of r.body) {
    reste += decoder.decode(morceau, { stream: true });
    const parts = reste.split('\n');
    reste = parts.pop();
    for (const p of parts) if (p.trim()) vues.push({ t: performance.now(), ...JSON.parse(p) });
  }
  const resultat = vues.at(-1);
  if (!resultat?.resultat) throw new Error(`import : ${JSON.stringify(resultat)}`);
  return { debut, vues };
}

export async function benchImport(baseUrl) {
  const s = await session(baseUrl);
  const shop = (await nouvelleBoutique(baseUrl, s, `Banc d'import ${Date.now()}`)).id;
  await api(baseUrl, s, 'POST', `/api/services/${shop}/produits/import`, {
    lignes: lignesProduits('CAISSE', 0, 50, 100_000_000),
  });
  const produits = (await api(baseUrl, s, 'GET', `/api/services/${shop}/produits?size=50`)).items;
  const types = await api(baseUrl, s, 'GET', '/api/types-ventes?size=50');
  const typeVente = (types.items.find((t) => t.prixUtilise === 'detail') ?? types.items[0]).id;

  const out = [
    '',
    'Import de produits pendant la vente au comptoir (une caisse, ventes de 2 lignes)',
  ];
  for (const [k, n] of TAILLES.entries()) {
    const lignes = lignesProduits(`IMP${k}`, k + 1, n, 5000);
    let fini = false;
    const vendre = caisse(baseUrl, s, shop, produits, typeVente, () => fini);
    const { debut, vues } = await importer(baseUrl, s, shop, lignes).finally(() => (fini = true));
    const ventes = await vendre;
    // The write's transaction opens after the last row checked and ends with the last row written
    // (the statistics are then refreshed, outside it, before the result).
    const controle = vues.find((v) => v.etape === 'controle' && v.faites === n).t;
    const ecrit = vues.find((v) => v.etape === 'ecriture' && v.faites === n).t;
    const fin = vues.at(-1).t;
    const pendant = ventes.filter((v) => v.fin > controle && v.debut < fin);
    const autres = ventes.filter((v) => v.fin <= controle || v.debut >= fin);
    const attente = (l) => (l.length ? Math.max(...l.map((v) => v.fin - v.debut)) : 0);
    const p = percentiles(autres.map((v) => v.fin - v.debut));
    out.push(
      `  ${`${n} lignes`.padEnd(14)} envoi + contrôle ${fmt(controle - debut)}, écriture (transaction) ${fmt(ecrit - controle)}, statistiques et réponse ${fmt(fin - ecrit)}`,
      `  ${''.padEnd(14)} ventes : ${ventes.length} en tout, p50 hors écriture ${fmt(p.p50 ?? 0)} ; ${pendant.length} pendant l'écriture, la plus longue ${fmt(attente(pendant))}`,
    );
  }
  return out.join('\n');
}
