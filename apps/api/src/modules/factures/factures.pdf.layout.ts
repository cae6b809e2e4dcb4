import {
  formatDate,
  formatMoneyForPdf,
  formatQuantity,
  shopTimeZone,
  type Facture,
} from '@comptoir/shared';
import { FACTURX_FONTS } from './facturx/pdfa3.js';

/**
 * What the invoice and the credit-note PDFs share: the seller's block with its legal mentions,
 * the customer's block, the lines table and the totals, drawn on a Factur-X PDF/A-3b document
 * (embedded DejaVu fonts, facturx/pdfa3.ts).
 */

export const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
/** Every PDF font has U+00A0, not always U+202F (French thin spaces of Intl). */
export const pdfText = (s: string) => s.replace(/\u202F/g, '\u00A0');
export const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');
export const rate = (bp: number) => pdfText(`${new Intl.NumberFormat('fr-FR').format(bp / 100)} %`);
export const isFrance = (f: Facture) =>
  f.vendeur.pays === 'FR' || (f.vendeur.pays === null && f.devise === 'EUR');

type Doc = PDFKit.PDFDocument;

export function text(doc: Doc, s: string, options?: PDFKit.Mixins.TextOptions): void {
  doc.text(pdfText(s), options);
}

export function font(doc: Doc, bold: boolean, size: number): void {
  doc.font(bold ? FACTURX_FONTS.bold : FACTURX_FONTS.regular).fontSize(size);
}

/** The legal mentions of the seller, by country: France (SIREN/SIRET, TVA, RCS, capital) or OHADA. */
export function mentionsVendeur(f: Facture): string[] {
  const v = f.vendeur;
  const money = (n: number) => formatMoneyForPdf(n, f.devise);
  return [
    v.formeJuridique && v.capital !== null
      ? `${v.formeJuridique} au capital de ${money(v.capital)}`
      : v.formeJuridique,
    v.siret && `SIREN ${v.siret.slice(0, 9)} · SIRET ${v.siret}`,
    v.rcs,
    v.tvaIntracom && `TVA intracommunautaire ${v.tvaIntracom}`,
    v.ninea && `NINEA ${v.ninea}`,
    v.rccm && `RCCM ${v.rccm}`,
  ].filter((x): x is string => Boolean(x));
}

/** The seller's name, address, contact and legal mentions, then the title and its dates. */
export function entete(doc: Doc, f: Facture, titre: string, dates: string[]): void {
  const v = f.vendeur;
  font(doc, true, 14);
  text(doc, v.nom);
  font(doc, false, 8.5);
  for (const line of [
    [v.adresse, v.ville].filter(Boolean).join(', '),
    [v.telephone, v.email].filter(Boolean).join(' · '),
    ...mentionsVendeur(f),
  ])
    if (line) text(doc, line);
  doc.moveDown(1);
  font(doc, true, 16);
  text(doc, titre, { align: 'right' });
  font(doc, false, 9);
  for (const line of dates) text(doc, line, { align: 'right' });
}

/** An instant as a date of the shop's calendar. */
export const dateBoutique = (f: Facture, instant: string) =>
  formatDate(instant, shopTimeZone(f.vendeur.pays));
export const dateEmission = (f: Facture, instant: string) =>
  `Date d’émission : ${dateBoutique(f, instant)}`;

/** The customer: name, billing address, identifiers, delivery address. */
export function blocClient(doc: Doc, f: Facture, titre: string): void {
  doc.moveDown(0.5);
  font(doc, true, 10);
  text(doc, titre);
  font(doc, false, 9);
  text(doc, f.client.nom);
  if (f.client.adresse) text(doc, `Adresse de facturation : ${f.client.adresse}`);
  if (f.client.siren) text(doc, `SIREN ${f.client.siren}`);
  if (f.client.tvaIntracom) text(doc, `TVA intracommunautaire ${f.client.tvaIntracom}`);
  if (f.client.adresseLivraison) text(doc, `Adresse de livraison : ${f.client.adresseLivraison}`);
}

export interface LignePdf {
  nom: string;
  quantite: number;
  uniteSymbole: string;
  prixUnitaireHt: number;
  remise: number;
  tauxTva: number;
  montantHt: number;
}

const COLUMNS = [
  { title: 'Désignation', width: WIDTH - 335 },
  { title: 'Qté', width: 45, align: 'right' as const },
  { title: 'PU HT', width: 70, align: 'right' as const },
  { title: 'Remise HT', width: 65, align: 'right' as const },
  { title: 'TVA', width: 50, align: 'right' as const },
  { title: 'Montant HT', width: 105, align: 'right' as const },
];

/** The lines table: designation, quantity, unit price HT, discount HT, VAT rate, amount HT. */
export function tableLignes(doc: Doc, f: Facture, lignes: LignePdf[]): void {
  const money = (n: number) => formatMoneyForPdf(n, f.devise);
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    font(doc, bold, 8.5);
    cells.forEach((cell, i) => {
      const col = COLUMNS[i]!;
      doc.text(pdfText(cell), x + 2, y, {
        width: col.width - 4,
        align: 'align' in col ? col.align : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += col.width;
    });
    doc.y = y + 14;
    doc.x = MARGIN;
  };
  doc.moveDown(0.8);
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  for (const l of lignes)
    row(
      [
        l.nom,
        `${formatQuantity(l.quantite)} ${l.uniteSymbole}`,
        money(l.prixUnitaireHt),
        l.remise ? money(l.remise) : '',
        rate(l.tauxTva),
        money(l.montantHt),
      ],
      false,
    );
  doc.moveDown(0.8);
}

/** One total, label and amount right-aligned under the table. */
export function total(doc: Doc, label: string, value: string, bold = false): void {
  if (doc.y > 790) doc.addPage();
  const y = doc.y;
  font(doc, bold, 9.5);
  doc.text(pdfText(label), MARGIN + WIDTH - 300, y, { width: 180, lineBreak: false });
  doc.text(pdfText(value), MARGIN + WIDTH - 120, y, {
    width: 120,
    align: 'right',
    lineBreak: false,
  });
  doc.y = y + 14;
  doc.x = MARGIN;
}

/** Total HT, VAT per rate (shop liable to VAT), total TTC. */
export function totaux(
  doc: Doc,
  f: Facture,
  t: {
    ht: number;
    ttc: number;
    tva: Array<{ tauxTva: number; baseHt: number; montantTva: number }>;
  },
): void {
  const money = (n: number) => formatMoneyForPdf(n, f.devise);
  total(doc, 'Total HT', money(t.ht));
  if (f.vendeur.assujettiTva)
    for (const x of t.tva)
      total(doc, `TVA ${rate(x.tauxTva)} sur ${money(x.baseHt)}`, money(x.montantTva));
  total(doc, 'Total TTC', money(t.ttc), true);
}
