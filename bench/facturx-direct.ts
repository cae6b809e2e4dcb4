// Factur-X generation of a 30-line invoice, in-process (no database, no HTTP): the CII XML alone,
// then the whole PDF/A-3b (XML + drawing of the lines + embedding + XMP). Started by
// bench/facturx.mjs through tsx; prints one JSON line of samples in milliseconds.
import { facturxXml } from '../apps/api/src/modules/factures/facturx/cii.js';
import type { FacturxDocument } from '../apps/api/src/modules/factures/facturx/cii.types.js';
import { FACTURX_FONTS, facturxPdfBuffer } from '../apps/api/src/modules/factures/facturx/pdfa3.js';

const RATES = [2000, 1000, 550, 210];
const lignes = Array.from({ length: 30 }, (_, i) => {
  const quantite = (1 + (i % 4)) * 1000;
  const prixUnitaireHt = 199 + i * 137;
  const remiseHt = i % 5 === 0 ? 50 : 0;
  return {
    designation: `Article de démonstration n° ${i + 1}`,
    quantite,
    prixUnitaireHt,
    remiseHt,
    montantHt: (prixUnitaireHt * quantite) / 1000 - remiseHt,
    tauxTva: RATES[i % RATES.length]!,
  };
});
const tva = RATES.map((tauxTva) => {
  const base = lignes.filter((l) => l.tauxTva === tauxTva).reduce((s, l) => s + l.montantHt, 0);
  return { tauxTva, montantTva: Math.round((base * tauxTva) / 10_000) };
});
const partie = (nom: string) => ({
  nom,
  siren: '732829320',
  tvaIntracom: 'FR44732829320',
  adresse: { ligne1: '12 rue des Halles', codePostal: '75001', ville: 'Paris', pays: 'FR' },
});
const document: FacturxDocument = {
  type: 'facture',
  numero: 'F-2026-000100',
  dateEmission: '2026-11-24',
  dateEcheance: '2026-12-24',
  conditionsPaiement: 'Paiement à 30 jours.',
  devise: 'EUR',
  vendeur: partie('Boutique de démonstration'),
  acheteur: partie('Client professionnel'),
  assujettiTva: true,
  lignes,
  tva,
};

async function pdf(): Promise<Buffer> {
  return facturxPdfBuffer(
    { titre: `Facture ${document.numero}`, date: new Date('2026-11-24T10:00:00Z') },
    facturxXml(document),
    (doc) => {
      doc.font(FACTURX_FONTS.bold).fontSize(14).text(`Facture ${document.numero}`);
      doc.font(FACTURX_FONTS.regular).fontSize(9);
      for (const l of lignes) {
        doc.text(
          `${l.designation}   ${l.quantite / 1000} × ${l.prixUnitaireHt / 100} €   ${l.montantHt / 100} €`,
        );
      }
    },
  );
}

const RUNS = Number(process.env.BENCH_FACTURX_RUNS ?? 40);
const time = async (fn: () => unknown): Promise<number[]> => {
  await fn(); // warm-up: fonts decoded, code compiled
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
};

const xml = await time(() => facturxXml(document));
const whole = await time(pdf);
console.log(JSON.stringify({ xml, pdf: whole, bytes: (await pdf()).length }));
