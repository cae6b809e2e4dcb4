import {
  FACTURE_NATURE_LABELS,
  formatMoneyForPdf,
  type Avoir,
  type Facture,
} from '@comptoir/shared';
import { avoirXml, facturxApplicable, factureXml } from './factures.facturx.js';
import {
  blocClient,
  dateBoutique,
  dateEmission,
  day,
  entete,
  font,
  isFrance,
  rate,
  tableLignes,
  text,
  total,
  totaux,
} from './factures.pdf.layout.js';
import { attachFacturx, facturxPdfDocument, pdfBuffer } from './facturx/pdfa3.js';

/**
 * The payment mentions of a French invoice (docs/regles-metier.md): late-payment penalty rate,
 * the 40 € recovery fee for a business, no discount for early payment. Printed at the foot of the
 * PDF and written as the payment terms of its Factur-X XML.
 */
export function mentionsPaiement(f: Facture): string[] {
  if (!isFrance(f)) return [];
  const v = f.vendeur;
  return [
    v.tauxPenalites !== null
      ? `Pénalités de retard : ${rate(v.tauxPenalites)} par an, exigibles dès le lendemain de l’échéance.`
      : 'Pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de l’échéance.',
    ...(f.client.professionnel
      ? ['Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.']
      : []),
    'Escompte pour paiement anticipé : néant.',
  ];
}

/** The Factur-X XML of the invoice (shops in euros), the very one its PDF embeds. */
export const factureFacturxXml = (f: Facture): string => factureXml(f, mentionsPaiement(f));

/**
 * A PDF/A-3b document drawn by `draw`; for a shop in euros it is a Factur-X invoice: the CII
 * XML `xml()` embedded as factur-x.xml with its XMP.
 */
function documentPdf(
  f: Facture,
  titre: string,
  createdAt: string,
  xml: () => string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const date = new Date(createdAt);
  const doc = facturxPdfDocument({ titre, date });
  draw(doc);
  if (facturxApplicable(f.devise)) attachFacturx(doc, xml(), date);
  return pdfBuffer(doc);
}

function mentionTva(doc: PDFKit.PDFDocument, f: Facture): void {
  if (!f.vendeur.assujettiTva && isFrance(f)) text(doc, 'TVA non applicable, art. 293 B du CGI');
}

/** The invoice as an A4 PDF with the mentions of the shop's country (docs/regles-metier.md). */
export function facturePdf(f: Facture): Promise<Buffer> {
  const money = (n: number) => formatMoneyForPdf(n, f.devise);
  return documentPdf(
    f,
    `Facture ${f.numero}`,
    f.createdAt,
    () => factureFacturxXml(f),
    (doc) => {
      entete(doc, f, `FACTURE ${f.numero}`, [
        dateEmission(f, f.createdAt),
        f.dateDebut === f.dateFin
          ? `Date de la vente et de la livraison : ${day(f.dateDebut)}`
          : `Ventes et livraisons du ${day(f.dateDebut)} au ${day(f.dateFin)}`,
        `Échéance : ${day(f.echeance)}`,
        `Ventes : ${f.ventes.map((x) => x.numero).join(', ')}`,
      ]);
      blocClient(doc, f, 'Facturé à');
      doc.moveDown(0.5);
      text(doc, `Nature de l’opération : ${FACTURE_NATURE_LABELS[f.nature]}`);
      tableLignes(doc, f, f.lignes);
      if (f.totalRemises) total(doc, 'Remises (HT)', money(f.totalRemises));
      totaux(doc, f, { ht: f.totalHt, ttc: f.totalTtc, tva: f.tva });
      if (f.montantAvoirs) total(doc, 'Avoirs', money(f.montantAvoirs));
      doc.moveDown(1);
      font(doc, false, 8);
      mentionTva(doc, f);
      for (const mention of mentionsPaiement(f)) text(doc, mention);
      if (f.note) text(doc, f.note);
    },
  );
}

/** The credit note as an A4 PDF: the invoice it corrects, its lines and amounts, its reason. */
export function avoirPdf(a: Avoir, f: Facture): Promise<Buffer> {
  const unites = new Map(f.lignes.map((l) => [l.id, l.uniteSymbole]));
  const tva = new Map<number, { tauxTva: number; baseHt: number; montantTva: number }>();
  for (const l of a.lignes) {
    const r = tva.get(l.tauxTva) ?? { tauxTva: l.tauxTva, baseHt: 0, montantTva: 0 };
    r.baseHt += l.montantHt;
    r.montantTva += l.montantTva;
    tva.set(l.tauxTva, r);
  }
  return documentPdf(
    f,
    `Avoir ${a.numero}`,
    a.createdAt,
    () => avoirXml(a, f),
    (doc) => {
      entete(doc, f, `AVOIR ${a.numero}`, [
        dateEmission(f, a.createdAt),
        `Avoir sur la facture ${f.numero} du ${dateBoutique(f, f.createdAt)}`,
        ...(a.retours.length > 0
          ? [`Marchandise retournée : ${a.retours.map((r) => r.numero).join(', ')}`]
          : []),
      ]);
      blocClient(doc, f, 'Client');
      tableLignes(
        doc,
        f,
        a.lignes.map((l) => ({
          ...l,
          uniteSymbole: unites.get(l.ligneId) ?? '',
          remise: Math.max(0, Math.round((l.quantite * l.prixUnitaireHt) / 1000) - l.montantHt),
        })),
      );
      totaux(doc, f, {
        ht: a.montantHt,
        ttc: a.montantTtc,
        tva: [...tva.values()].sort((x, y) => x.tauxTva - y.tauxTva),
      });
      doc.moveDown(1);
      font(doc, false, 8);
      mentionTva(doc, f);
      if (a.motif) text(doc, `Motif : ${a.motif}`);
    },
  );
}
