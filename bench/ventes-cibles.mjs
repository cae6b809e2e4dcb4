// The checkout figures of bench/ventes.mjs next to issue 18's targets: throughput and latency over
// HTTP and in-process, their ratio, the statements (and PostgreSQL round trips) of one sale.
import { fmt, percentiles } from './server.mjs';
import { texteWal } from './pg-wal.mjs';
import { texteAttentes } from './pg-attentes.mjs';

const line = (r) => {
  const p = percentiles(r.latencies);
  const perSecond = (r.sales / r.ms) * 1000;
  return {
    perSecond,
    text: `${String(r.terminals).padStart(2)} caisse(s) : ${perSecond.toFixed(0).padStart(5)} ventes/s, p50 ${fmt(p.p50)}, p99 ${fmt(p.p99)} (n=${p.n})`,
  };
};

const ok = (met) => (met ? '✓' : '⚠');

/** The lines printed for `http` and `inProcess` (one result per level of `levels` terminals). */
export function rapportVentes(http, inProcess, levels, perLevel, pgsql) {
  const out = [`  Encaissement de ventes de 5 lignes (espèces), ${perLevel} ventes par palier :`];
  for (let i = 0; i < levels.length; i++) {
    const h = line(http[i]);
    const d = line(inProcess[i]);
    const { terminals, sales, statements, roundTrips } = inProcess[i];
    const ratio = h.perSecond / d.perSecond;
    const cible = terminals <= 10 ? ` (cible ≥ 75 % ${ok(ratio >= 0.75)})` : '';
    out.push(`    HTTP    ${h.text}`, `    direct  ${d.text}`);
    out.push(
      `      HTTP = ${(ratio * 100).toFixed(0)} % du direct${cible} ; par vente : ` +
        `${(statements / sales).toFixed(1)} instructions SQL` +
        (pgsql ? `, ${(roundTrips / sales).toFixed(1)} allers-retours au serveur` : ''),
    );
    // Processor time per sale of each process: what HTTP adds to the sale itself. It still moves
    // with the machine's load, so a quiet run remains the reference.
    if (http[i].cpu !== null && inProcess[i].cpu !== undefined)
      out.push(
        `      temps processeur par vente${pgsql ? ' (PostgreSQL non compris)' : ''} : ` +
          `HTTP ${fmt(http[i].cpu / http[i].sales)} (processus du serveur), direct ${fmt(inProcess[i].cpu / sales)}`,
      );
    // PostgreSQL: the log one sale writes, and whether the products' stock updates touch no index.
    if (http[i].journal) out.push(`      HTTP : ${texteWal(http[i].journal)}`);
    if (http[i].attentes) out.push(`      HTTP, ${texteAttentes(http[i].attentes)}`);
    if (inProcess[i].journal) out.push(`      direct : ${texteWal(inProcess[i].journal)}`);
  }
  const at10 = levels.indexOf(10);
  if (at10 >= 0) {
    const h = http[at10];
    const p99 = percentiles(h.latencies).p99;
    const perSecond = (h.sales / h.ms) * 1000;
    out.push(
      pgsql
        ? `    Cible PostgreSQL durable, 10 caisses par HTTP : ≥ 300 ventes/s → ${perSecond.toFixed(0)} ${ok(perSecond >= 300)}`
        : `    Cible SQLite (synchronous=FULL), 10 caisses par HTTP : p99 < 50 ms → ${fmt(p99)} ${ok(p99 < 50)}`,
      `    Allers-retours par vente : comptés par le direct (BEGIN et COMMIT compris) ; par HTTP s’y ajoute le contrôle d’accès, une instruction (compte, boutique, abonnement : trois avant le 28 novembre). PostgreSQL : 20 avant l’issue 18, 10 à a0805d9, 7 le 28 novembre (session 16), 6 le 29 novembre (BEGIN part avec la première instruction), 5 depuis la session 23 du même jour (le COMMIT part derrière les écritures d’une vente au comptant). Les instructions SQL sont celles exécutées : l’instruction unique des lignes d’une vente sur PostgreSQL en compte une (avant le 29 novembre, ses cinq insertions comptaient aussi)`,
    );
  }
  return out;
}
