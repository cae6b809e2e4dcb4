import PDFDocument from 'pdfkit';
import type { Kysely, Selectable } from 'kysely';
import {
  formatDate,
  formatMoneyForPdf,
  formatQuantity,
  shopTimeZone,
  type Devis,
} from '@comptoir/shared';
import type { DB, ServicesTable } from '../../db/schema.js';
import { heading, legalIds, MARGIN, table, WIDTH } from '../dettes/dettes.releve.js';
import { logoOf } from '../ventes/ventes.ticket.js';

type Service = Selectable<ServicesTable>;

const rate = (bp: number) =>
  `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
/** A calendar day 'YYYY-MM-DD' in French (dd/mm/yyyy). */
const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');

/** The quote as an A4 PDF: shop (logo, identifiers), customer, lines, totals, terms. */
export async function devisPdf(db: Kysely<DB>, service: Service, devis: Devis): Promise<Buffer> {
  return draw(service, devis, await logoOf(db, service));
}

function draw(s: Service, d: Devis, logo: Buffer | null): Promise<Buffer> {
  const money = (n: number) => formatMoneyForPdf(n, d.devise);
  const titre = d.numero ? `Devis ${d.numero}` : 'Devis (brouillon, sans numéro)';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${titre} — ${s.nom}`, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const top = doc.y;
  if (logo) doc.image(logo, MARGIN + WIDTH - 110, top, { fit: [110, 60], align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(s.nom, MARGIN, top, { width: WIDTH - 120 });
  doc.font('Helvetica').fontSize(9);
  const address = [s.adresse, s.ville].filter(Boolean).join(', ');
  if (address) doc.text(address, { width: WIDTH - 120 });
  const contact = [s.telephone, s.email].filter(Boolean).join(' · ');
  if (contact) doc.text(contact, { width: WIDTH - 120 });
  const ids = legalIds(s);
  if (ids) doc.text(ids, { width: WIDTH - 120 });
  doc.y = Math.max(doc.y, logo ? top + 64 : doc.y);

  doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(titre.toUpperCase(), MARGIN, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9);
  doc.text(`Établi le ${formatDate(d.createdAt, shopTimeZone(s.pays))}`);
  doc.text(`Valable jusqu’au ${day(d.dateValidite)}`);

  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(10).text(`Client : ${d.client.nom}`);
  doc.font('Helvetica').fontSize(9);
  if (d.client.adresse) doc.text(d.client.adresse);
  const clientIds = [
    d.client.siren && `SIREN ${d.client.siren}`,
    d.client.siret && `SIRET ${d.client.siret}`,
    d.client.tvaIntracom && `TVA ${d.client.tvaIntracom}`,
  ].filter(Boolean);
  if (clientIds.length) doc.text(clientIds.join(' · '));
  for (const part of [d.client.email, d.client.telephone]) if (part) doc.text(part);

  const ttc = s.prix_ttc === 1;
  heading(doc, 'Détail');
  table(
    doc,
    [
      { title: 'Désignation', width: WIDTH - 370 },
      { title: 'Quantité', width: 70, align: 'right' },
      { title: ttc ? 'Prix unit. TTC' : 'Prix unit. HT', width: 85, align: 'right' },
      { title: 'TVA', width: 45, align: 'right' },
      { title: 'Remise', width: 75, align: 'right' },
      { title: 'Montant TTC', width: 95, align: 'right' },
    ],
    d.lignes.map((l) => [
      l.designation,
      `${formatQuantity(l.quantite)} ${l.uniteSymbole}`,
      money(l.prixUnitaire),
      rate(l.tauxTva),
      l.remiseLigne > 0 ? `-${money(l.remiseLigne)}` : '',
      money(l.montantTtc),
    ]),
  );

  heading(doc, 'Totaux');
  const totals: Array<[string, string]> = [['Total brut', money(d.totalBrut)]];
  if (d.totalRemises > 0) totals.push(['Remises', `-${money(d.totalRemises)}`]);
  totals.push(['Total HT', money(d.totalHt)]);
  for (const t of d.tva)
    if (t.montantTva > 0)
      totals.push([`TVA ${rate(t.tauxTva)} sur ${money(t.baseHt)}`, money(t.montantTva)]);
  totals.push(['Total TTC', money(d.totalTtc)]);
  totals.forEach(([label, value], i) => {
    const y = doc.y;
    const bold = i === totals.length - 1;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN + WIDTH - 330, y, { width: 200, lineBreak: false });
    doc.text(value, MARGIN + WIDTH - 130, y, { width: 130, align: 'right', lineBreak: false });
    doc.y = y + 15;
  });
  if (s.assujetti_tva !== 1 && (s.pays ?? 'FR') === 'FR')
    doc.font('Helvetica').fontSize(9).text('TVA non applicable, art. 293 B du CGI', MARGIN);

  for (const [title, text] of [
    ['Note', d.note],
    ['Conditions', d.conditions],
  ] as const)
    if (text) {
      heading(doc, title);
      doc.font('Helvetica').fontSize(9).text(text, MARGIN, doc.y, { width: WIDTH });
    }
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Bon pour accord — date et signature du client :', MARGIN, doc.y, { width: WIDTH });
  doc.end();
  return done;
}
