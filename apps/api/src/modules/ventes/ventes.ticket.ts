import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import type { Kysely, Selectable } from 'kysely';
import {
  formatDateTime,
  formatMoneyForPdf,
  formatQuantity,
  MODE_PAIEMENT_LABELS,
  shopTimeZone,
  type Vente,
} from '@comptoir/shared';
import type { DB, ServicesTable } from '../../db/schema.js';
import { logoOf } from '../files/logo.js';

export { logoOf };

/** One millimetre in PDF points. */
const MM = 72 / 25.4;

type Service = Selectable<ServicesTable>;

interface Ticket {
  vente: Vente;
  service: Service;
  logo: Buffer | null;
  barcode: Buffer;
  largeur: 58 | 80;
  /** A sale the sync refused and recorded again: the number its till had given. */
  numeroInitial: string | null;
}

const rate = (bp: number) =>
  `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/** Draws the receipt from the top of the page; returns the height used. */
function draw(doc: PDFKit.PDFDocument, t: Ticket): number {
  const { vente: v, service: s } = t;
  const margin = 3 * MM;
  const width = t.largeur * MM - 2 * margin;
  const small = t.largeur === 58 ? 7 : 8;
  const money = (n: number) => formatMoneyForPdf(n, v.devise);
  let y = margin;
  const text = (
    value: string,
    options: { size?: number; bold?: boolean; align?: 'left' | 'center' | 'right' } = {},
  ) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? small);
    doc.text(value, margin, y, { width, align: options.align ?? 'left' });
    y = doc.y;
  };
  /** Label on the left, amount on the right, on one line. */
  const row = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? small + 1 : small);
    const amountWidth = doc.widthOfString(amount) + 2;
    doc.text(amount, margin, y, { width, align: 'right', lineBreak: false });
    doc.text(label, margin, y, { width: width - amountWidth - 4 });
    y = Math.max(doc.y, y + doc.currentLineHeight());
  };
  const rule = () => {
    y += 2;
    doc
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .dash(1.5, { space: 1.5 })
      .lineWidth(0.5)
      .stroke()
      .undash();
    y += 3;
  };

  if (t.logo) {
    doc.image(t.logo, margin + width / 2 - 12 * MM, y, {
      fit: [24 * MM, 16 * MM],
      align: 'center',
    });
    y += 16 * MM + 2;
  }
  if (v.impressions > 0) text('DUPLICATA', { size: 16, bold: true, align: 'center' });
  text(s.nom, { size: small + 4, bold: true, align: 'center' });
  if (s.entete_ticket) text(s.entete_ticket, { align: 'center' });
  const adresse = [s.adresse, s.ville].filter(Boolean).join(', ');
  if (adresse) text(adresse, { align: 'center' });
  if (s.telephone) text(`Tél. ${s.telephone}`, { align: 'center' });
  const legal = [
    s.ninea && `NINEA ${s.ninea}`,
    s.rccm && `RCCM ${s.rccm}`,
    s.siret && `SIRET ${s.siret}`,
    s.tva_intracom && `TVA ${s.tva_intracom}`,
  ].filter(Boolean);
  if (legal.length) text(legal.join(' · '), { align: 'center' });
  rule();
  text(`Vente ${v.numero}`, { bold: true });
  if (t.numeroInitial && t.numeroInitial !== v.numero)
    text(`Numéro donné hors ligne : ${t.numeroInitial} (refusé)`);
  text(formatDateTime(v.createdAt, shopTimeZone(s.pays)));
  text(`Vendeur : ${v.vendeur.prenom} ${v.vendeur.nom}`);
  if (v.client)
    text(`Client : ${v.client.nom}${v.client.telephone ? ` (${v.client.telephone})` : ''}`);
  rule();
  for (const l of v.lignes) {
    text(l.nom, { bold: true });
    row(
      `${formatQuantity(l.quantite)} ${l.uniteSymbole} × ${money(l.prixUnitaire)}`,
      money(l.montantBrut),
    );
    if (l.remiseLigne > 0)
      row(
        `Remise${l.remise?.type === 'pourcent' ? ` ${rate(l.remise.valeur)}` : ''}`,
        `-${money(l.remiseLigne)}`,
      );
  }
  rule();
  if (v.montantRemiseGlobale > 0)
    row(
      `Remise globale${v.remiseGlobale?.type === 'pourcent' ? ` ${rate(v.remiseGlobale.valeur)}` : ''}`,
      `-${money(v.montantRemiseGlobale)}`,
    );
  const assujetti = s.assujetti_tva === 1;
  if (assujetti) {
    row('Total HT', money(v.totalHt));
    row('TVA', money(v.totalTva));
  }
  row(assujetti ? 'Total TTC' : 'Total', money(v.totalTtc), true);
  if (assujetti && v.tva.length) {
    rule();
    text('Taux      Base HT      TVA');
    for (const r of v.tva) row(`${rate(r.tauxTva)}   ${money(r.baseHt)}`, money(r.montantTva));
  }
  rule();
  for (const p of v.paiements) {
    const detail = p.mode === 'mobile_money' && p.operateur ? ` (${p.operateur})` : '';
    row(`${MODE_PAIEMENT_LABELS[p.mode]}${detail}`, money(p.montant));
    if (p.recu !== null) row('  Reçu', money(p.recu));
    if (p.rendu > 0) row('  Rendu', money(p.rendu));
  }
  if (v.avoir) row('Avoir utilisé', money(v.avoir));
  if (v.dette && v.dette.montant > (v.avoir ?? 0)) {
    row('Reste à payer', money(v.reste), true);
    text(`Échéance : ${v.dette.echeance.split('-').reverse().join('/')}`);
  }
  if (s.pied_ticket) {
    rule();
    text(s.pied_ticket, { align: 'center' });
  }
  y += 4;
  const barWidth = Math.min(width, 60 * MM);
  // PNG header: width and height of the image at bytes 16 and 20.
  const ratio = t.barcode.readUInt32BE(20) / t.barcode.readUInt32BE(16);
  doc.image(t.barcode, margin + (width - barWidth) / 2, y, { width: barWidth });
  y += barWidth * ratio + 2;
  return y + margin;
}

function render(t: Ticket, height: number): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [t.largeur * MM, height],
    margin: 0,
    info: { Title: `Ticket ${t.vente.numero}`, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const used = draw(doc, t);
  doc.end();
  return done.then((pdf) => (used <= height ? pdf : render(t, used)));
}

/**
 * The receipt of a sale as a PDF 80 or 58 mm wide, as tall as its content: measured on a tall
 * page first, then drawn on a page of that height. « DUPLICATA » once a receipt was printed.
 */
export async function ticketPdf(
  db: Kysely<DB>,
  service: Service,
  vente: Vente,
  largeur: 58 | 80,
): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: vente.numero,
    scale: 3,
    height: 10,
    includetext: true,
    textxalign: 'center',
    textsize: 9,
  });
  const renumerotee = await db
    .selectFrom('ventes_renumerotees')
    .select('numero_initial')
    .where('vente_id', '=', vente.id)
    .executeTakeFirst();
  const ticket: Ticket = {
    vente,
    service,
    logo: await logoOf(db, service),
    barcode,
    largeur,
    numeroInitial: renumerotee?.numero_initial ?? null,
  };
  const measure = new PDFDocument({ size: [largeur * MM, 20_000], margin: 0 });
  const height = draw(measure, ticket);
  measure.end();
  return render(ticket, Math.ceil(height));
}
