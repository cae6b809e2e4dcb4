import PDFDocument from 'pdfkit';
import type { Selectable } from 'kysely';
import {
  ACHAT_STATUT_LABELS,
  formatDate,
  formatLongDate,
  formatMoneyForPdf,
  formatQuantity,
  MODE_PAIEMENT_LABELS,
  shopTimeZone,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { fileNamePart } from '../../core/content-disposition.js';
import type { ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { heading, legalIds, MARGIN, table, WIDTH } from '../dettes/dettes.releve.js';
import { compteFournisseur } from './achats.compte.js';
import { readAchat } from './achats.read.js';

type Service = Selectable<ServicesTable>;

/** pdfkit's standard fonts have no U+202F (French thousands separator): a no-break space instead. */
const pdf = (text: string) => text.replace(/\u202F/g, '\u00A0');
const day = (d: string) => formatDate(`${d}T00:00:00Z`, 'UTC');

/** An A4 document headed by the shop (name, address, contact, legal identifiers) and a title. */
function start(service: Service, title: string, subtitle: string) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(15).text(service.nom);
  doc.font('Helvetica').fontSize(9);
  for (const part of [
    [service.adresse, service.ville].filter(Boolean).join(', '),
    [service.telephone, service.email].filter(Boolean).join(' · '),
    legalIds(service),
  ])
    if (part) doc.text(part);
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).text(title, { align: 'center' });
  doc.font('Helvetica').fontSize(9).text(subtitle, { align: 'center' });
  return { doc, done };
}

function totals(doc: PDFKit.PDFDocument, rows: Array<[string, string]>) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: 200, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .text(value, MARGIN + 200, y, { width: 120, align: 'right', lineBreak: false });
    doc.y = y + 15;
  }
}

/** The purchase as a receipt of goods (A4): supplier, lines with their share of costs, payments. */
export async function achatPdf(
  ctx: AppContext,
  service: Service,
  achatId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const a = await readAchat(ctx.database.db, service, achatId);
  const money = (n: number) => formatMoneyForPdf(n, service.devise);
  const titre = a.numero ? `Bon de réception ${a.numero}` : 'Bon de commande (brouillon)';
  const { doc, done } = start(
    service,
    titre,
    `Du ${formatLongDate(new Date(`${a.date}T12:00:00Z`), 'UTC')} · ${ACHAT_STATUT_LABELS[a.statut]}`,
  );
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).text(`Fournisseur : ${a.fournisseur.nom}`);
  doc.font('Helvetica').fontSize(9);
  if (a.fournisseur.telephone) doc.text(a.fournisseur.telephone);
  if (a.referenceFournisseur) doc.text(`Référence du fournisseur : ${a.referenceFournisseur}`);
  if (a.echeance) doc.text(`Échéance : ${day(a.echeance)}`);

  heading(doc, 'Lignes');
  table(
    doc,
    [
      { title: 'Produit', width: 140 },
      { title: 'Quantité', width: 55, align: 'right' },
      { title: 'Coût unitaire', width: 70, align: 'right' },
      { title: 'Remise', width: 60, align: 'right' },
      { title: 'Montant net', width: 70, align: 'right' },
      { title: 'Frais', width: 55, align: 'right' },
      { title: 'Coût de revient', width: WIDTH - 450, align: 'right' },
    ],
    a.lignes.map((l) => [
      l.nom,
      pdf(`${formatQuantity(l.quantite)} ${l.uniteSymbole}`),
      money(l.prixUnitaire),
      l.remiseLigne + l.remiseGlobale > 0 ? money(-(l.remiseLigne + l.remiseGlobale)) : '',
      money(l.montant),
      money(l.frais),
      money(l.coutRevient),
    ]),
  );
  if (a.paiements.length) {
    heading(doc, 'Paiements');
    table(
      doc,
      [
        { title: 'Date', width: 80 },
        { title: 'Mode', width: 200 },
        { title: 'Montant', width: WIDTH - 280, align: 'right' },
      ],
      a.paiements.map((p) => [
        formatDate(p.createdAt, shopTimeZone(service.pays)),
        [MODE_PAIEMENT_LABELS[p.mode], p.operateur].filter(Boolean).join(' — '),
        money(p.montant),
      ]),
    );
  }
  heading(doc, 'Totaux');
  const remises: Array<[string, string]> =
    a.totalRemises > 0
      ? [
          ['Marchandises avant remises', money(a.totalBrut)],
          ['Remises', money(-a.totalRemises)],
        ]
      : [];
  totals(doc, [
    ...remises,
    ['Marchandises', money(a.totalMarchandises)],
    ['Transport', money(a.frais.transport)],
    ['Douane', money(a.frais.douane)],
    ['Manutention', money(a.frais.manutention)],
    ['Total', money(a.total)],
    ['Payé', money(a.montantPaye)],
    ['Retourné', money(a.montantRetourne)],
    ['Reste à payer', money(a.reste)],
  ]);
  doc.end();
  return { pdf: await done, name: `${a.numero ?? `brouillon-${a.id}`}.pdf` };
}

/** The supplier's statement (A4): purchases, returns, payments and balance, on the shop's clock. */
export async function releveFournisseurPdf(
  ctx: AppContext,
  service: Service,
  fournisseurId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const c = await compteFournisseur(ctx, service, fournisseurId);
  const money = (n: number) => formatMoneyForPdf(n, service.devise);
  const zone = shopTimeZone(service.pays);
  const { doc, done } = start(
    service,
    'Relevé de compte fournisseur',
    `Établi le ${formatLongDate(now(), zone)}`,
  );
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).text(c.fournisseur.nom);
  if (c.fournisseur.telephone) doc.font('Helvetica').fontSize(9).text(c.fournisseur.telephone);
  heading(doc, 'Achats');
  if (c.achats.length === 0) doc.font('Helvetica').fontSize(9).text('Aucun achat validé.');
  else
    table(
      doc,
      [
        { title: 'Achat', width: 85 },
        { title: 'Date', width: 60 },
        { title: 'Total', width: 75, align: 'right' },
        { title: 'Payé', width: 75, align: 'right' },
        { title: 'Retourné', width: 70, align: 'right' },
        { title: 'Reste', width: 75, align: 'right' },
        { title: 'Échéance', width: WIDTH - 440 },
      ],
      c.achats.map((a) => [
        a.numero,
        day(a.date),
        money(a.total),
        money(a.montantPaye),
        money(a.montantRetourne),
        money(a.reste),
        a.echeance ? day(a.echeance) : '—',
      ]),
    );
  heading(doc, 'Règlements');
  if (c.reglements.length === 0) doc.font('Helvetica').fontSize(9).text('Aucun règlement.');
  else
    table(
      doc,
      [
        { title: 'Date', width: 60 },
        { title: 'Mode', width: 120 },
        { title: 'Montant', width: 80, align: 'right' },
        { title: 'Affecté à', width: WIDTH - 260 },
      ],
      c.reglements.map((r) => [
        formatDate(r.createdAt, zone),
        [MODE_PAIEMENT_LABELS[r.mode], r.operateur].filter(Boolean).join(' — '),
        money(r.montant),
        r.allocations.map((x) => `${x.achatNumero} : ${money(x.montant)}`).join(' ; '),
      ]),
    );
  if (c.retours.length) {
    heading(doc, 'Retours au fournisseur');
    table(
      doc,
      [
        { title: 'Retour', width: 90 },
        { title: 'Achat', width: 90 },
        { title: 'Date', width: 60 },
        { title: 'Montant', width: 80, align: 'right' },
        { title: 'Remboursé', width: WIDTH - 320, align: 'right' },
      ],
      c.retours.map((r) => [
        r.numero,
        r.achat.numero,
        formatDate(r.createdAt, zone),
        money(r.montant),
        money(r.rembourse),
      ]),
    );
  }
  heading(doc, 'Totaux');
  totals(doc, [
    ['Solde dû', money(c.solde)],
    ['Dont en retard', money(c.enRetard)],
  ]);
  doc.end();
  return { pdf: await done, name: `releve-${fileNamePart(c.fournisseur.nom)}.pdf` };
}
