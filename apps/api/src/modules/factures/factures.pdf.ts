import PDFDocument from 'pdfkit';
import {
  FACTURE_NATURE_LABELS,
  formatDate,
  formatMoneyForPdf,
  formatQuantity,
  shopTimeZone,
  type Facture,
} from '@comptoir/shared';

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
/** Every PDF font has U+00A0, not always U+202F (French thin spaces of Intl). */
const pdfText = (s: string) => s.replace(/\u202F/g, '\u00A0');
const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');
const rate = (bp: number) => pdfText(`${new Intl.NumberFormat('fr-FR').format(bp / 100)} %`);

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

/** The invoice as an A4 PDF with the mentions of the shop's country (docs/regles-metier.md). */
export function facturePdf(f: Facture): Promise<Buffer> {
  const v = f.vendeur;
  const france = v.pays === 'FR' || (v.pays === null && f.devise === 'EUR');
  const money = (n: number) => formatMoneyForPdf(n, f.devise);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Facture ${f.numero}`, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (s: string, options?: PDFKit.Mixins.TextOptions) => doc.text(pdfText(s), options);

  doc.font('Helvetica-Bold').fontSize(14);
  text(v.nom);
  doc.font('Helvetica').fontSize(8.5);
  for (const line of [
    [v.adresse, v.ville].filter(Boolean).join(', '),
    [v.telephone, v.email].filter(Boolean).join(' · '),
    ...mentionsVendeur(f),
  ])
    if (line) text(line);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(16);
  text(`FACTURE ${f.numero}`, { align: 'right' });
  doc.font('Helvetica').fontSize(9);
  const zone = shopTimeZone(v.pays);
  text(`Date d’émission : ${formatDate(f.createdAt, zone)}`, { align: 'right' });
  text(
    f.dateDebut === f.dateFin
      ? `Date de la vente et de la livraison : ${day(f.dateDebut)}`
      : `Ventes et livraisons du ${day(f.dateDebut)} au ${day(f.dateFin)}`,
    { align: 'right' },
  );
  text(`Échéance : ${day(f.echeance)}`, { align: 'right' });
  text(`Ventes : ${f.ventes.map((x) => x.numero).join(', ')}`, { align: 'right' });

  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(10);
  text('Facturé à', { continued: false });
  doc.font('Helvetica').fontSize(9);
  text(f.client.nom);
  if (f.client.adresse) text(`Adresse de facturation : ${f.client.adresse}`);
  if (f.client.siren) text(`SIREN ${f.client.siren}`);
  if (f.client.tvaIntracom) text(`TVA intracommunautaire ${f.client.tvaIntracom}`);
  if (f.client.adresseLivraison) text(`Adresse de livraison : ${f.client.adresseLivraison}`);
  doc.moveDown(0.5);
  text(`Nature de l’opération : ${FACTURE_NATURE_LABELS[f.nature]}`);

  const columns = [
    { title: 'Désignation', width: WIDTH - 335 },
    { title: 'Qté', width: 45, align: 'right' as const },
    { title: 'PU HT', width: 70, align: 'right' as const },
    { title: 'Remise HT', width: 65, align: 'right' as const },
    { title: 'TVA', width: 50, align: 'right' as const },
    { title: 'Montant HT', width: 105, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
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
    columns.map((c) => c.title),
    true,
  );
  for (const l of f.lignes)
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
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    doc.text(pdfText(label), MARGIN + WIDTH - 300, y, { width: 180, lineBreak: false });
    doc.text(pdfText(value), MARGIN + WIDTH - 120, y, {
      width: 120,
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + 14;
    doc.x = MARGIN;
  };
  if (f.totalRemises) total('Remises (HT)', money(f.totalRemises));
  total('Total HT', money(f.totalHt));
  if (v.assujettiTva)
    for (const t of f.tva)
      total(`TVA ${rate(t.tauxTva)} sur ${money(t.baseHt)}`, money(t.montantTva));
  total('Total TTC', money(f.totalTtc), true);
  if (f.montantAvoirs) total('Avoirs', money(f.montantAvoirs));

  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8);
  if (!v.assujettiTva && france) text('TVA non applicable, art. 293 B du CGI');
  if (france) {
    text(
      v.tauxPenalites !== null
        ? `Pénalités de retard : ${rate(v.tauxPenalites)} par an, exigibles dès le lendemain de l’échéance.`
        : 'Pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de l’échéance.',
    );
    if (f.client.professionnel)
      text('Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.');
    text('Escompte pour paiement anticipé : néant.');
  }
  if (f.note) text(f.note);
  doc.end();
  return done;
}
