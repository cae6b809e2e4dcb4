import PDFDocument from 'pdfkit';
import type { Selectable } from 'kysely';
import {
  DETTE_STATUT_LABELS,
  formatDate,
  formatLongDate,
  formatMoneyForPdf,
  MODE_PAIEMENT_LABELS,
  shopTimeZone,
  type CompteClient,
  type ModePaiement,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { fileNamePart } from '../../core/content-disposition.js';
import type { ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { compteClient } from './dettes.service.js';

type Service = Selectable<ServicesTable>;

export const MARGIN = 40;
export const WIDTH = 595.28 - 2 * MARGIN;

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** The shop's legal identifiers, as printed on its documents. */
export function legalIds(service: Service): string {
  return [
    service.siret && `SIRET ${service.siret}`,
    service.tva_intracom && `TVA ${service.tva_intracom}`,
    service.ninea && `NINEA ${service.ninea}`,
    service.rccm && `RCCM ${service.rccm}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A table with a header row; a new page (and the header again) when the page is full. */
export function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  const line = (cells: string[], bold: boolean) => {
    if (doc.y > 780) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, x + 2, y, {
        width: col.width - 4,
        align: col.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += col.width;
    });
    doc.y = y + 14;
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + WIDTH, doc.y - 3)
      .lineWidth(0.3)
      .strokeColor('#bbbbbb')
      .stroke();
  };
  line(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) line(row, false);
}

export function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.8);
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

/** The customer's statement (A4): shop, customer, debts, repayments and totals; dates on the shop's clock. */
export async function relevePdf(
  ctx: AppContext,
  service: Service,
  clientId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const compte = await compteClient(ctx, service, clientId);
  const client = await ctx.database.db
    .selectFrom('clients')
    .select(['adresse', 'email'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const pdf = await draw(service, compte, client);
  return { pdf, name: `releve-${fileNamePart(compte.client.nom)}.pdf` };
}

function draw(
  service: Service,
  compte: CompteClient,
  client: { adresse: string | null; email: string | null },
): Promise<Buffer> {
  const money = (n: number) => formatMoneyForPdf(n, service.devise);
  const zone = shopTimeZone(service.pays);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Relevé de compte — ${compte.client.nom}`, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(15).text(service.nom);
  doc.font('Helvetica').fontSize(9);
  const address = [service.adresse, service.ville].filter(Boolean).join(', ');
  if (address) doc.text(address);
  const contact = [service.telephone, service.email].filter(Boolean).join(' · ');
  if (contact) doc.text(contact);
  const ids = legalIds(service);
  if (ids) doc.text(ids);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).text('Relevé de compte client', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Établi le ${formatLongDate(now(), zone)}`, { align: 'center' });

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).text(compte.client.nom);
  doc.font('Helvetica').fontSize(9);
  for (const part of [compte.client.telephone, client.email, client.adresse])
    if (part) doc.text(part);

  heading(doc, 'Dettes');
  if (compte.dettes.length === 0) doc.font('Helvetica').fontSize(9).text('Aucune dette.');
  else
    table(
      doc,
      [
        { title: 'Vente', width: 85 },
        { title: 'Date', width: 60 },
        { title: 'Montant', width: 75, align: 'right' },
        { title: 'Payé', width: 75, align: 'right' },
        { title: 'Reste', width: 75, align: 'right' },
        { title: '', width: 8 },
        { title: 'Échéance', width: 60 },
        { title: 'Statut', width: WIDTH - 438 },
      ],
      compte.dettes.map((d) => [
        d.vente.numero,
        formatDate(d.vente.createdAt, zone),
        money(d.montant),
        money(d.paye),
        money(d.reste),
        '',
        formatDate(`${d.echeance}T00:00:00Z`, 'UTC'),
        DETTE_STATUT_LABELS[d.statut],
      ]),
    );

  heading(doc, 'Règlements');
  if (compte.reglements.length === 0) doc.font('Helvetica').fontSize(9).text('Aucun règlement.');
  else
    table(
      doc,
      [
        { title: 'Date', width: 60 },
        { title: 'Mode', width: 120 },
        { title: 'Montant', width: 80, align: 'right' },
        { title: '', width: 8 },
        { title: 'Affecté à', width: WIDTH - 268 },
      ],
      compte.reglements.map((r) => [
        formatDate(r.createdAt, zone),
        r.mode === 'avoir'
          ? `Avoir${r.retour ? ` (retour ${r.retour.numero})` : ''}`
          : [MODE_PAIEMENT_LABELS[r.mode as ModePaiement], r.operateur].filter(Boolean).join(' — '),
        money(r.montant),
        '',
        r.allocations.map((a) => `${a.venteNumero} : ${money(a.montant)}`).join(' ; ') || '—',
      ]),
    );

  heading(doc, 'Totaux');
  const totals: Array<[string, number]> = [
    ['Encours', compte.encours],
    ['Dont en retard', compte.enRetard],
    ['Avoir disponible', compte.avoir],
  ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: 200, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .text(money(value), MARGIN + 200, y, { width: 120, align: 'right', lineBreak: false });
    doc.y = y + 15;
  }
  doc.end();
  return done;
}
