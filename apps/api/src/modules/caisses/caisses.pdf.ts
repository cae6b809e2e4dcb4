import PDFDocument from 'pdfkit';
import type { Kysely, Selectable } from 'kysely';
import {
  formatDateTime,
  formatMoneyForPdf,
  MODE_PAIEMENT_LABELS,
  shopTimeZone,
  type CaisseSessionDetail,
} from '@comptoir/shared';
import type { DB, ServicesTable } from '../../db/schema.js';
import { logoOf } from '../files/logo.js';
import { sessionDetail } from './caisses.service.js';

/** One millimetre in PDF points. */
const MM = 72 / 25.4;
const A4: [number, number] = [595.28, 841.89];

export type RapportFormat = 58 | 80 | 'a4';

type Line =
  | { kind: 'text'; value: string; bold?: boolean; size?: number; center?: boolean }
  | { kind: 'row'; label: string; amount: string; bold?: boolean }
  | { kind: 'rule' };

/** The X or Z report as lines, the same on a receipt and on A4. */
function linesOf(
  service: Selectable<ServicesTable>,
  s: CaisseSessionDetail,
  numero: string | null,
): Line[] {
  const r = s.rapport;
  const money = (n: number) => formatMoneyForPdf(n, service.devise);
  const when = (iso: string) => formatDateTime(iso, shopTimeZone(service.pays));
  const who = (p: { prenom: string; nom: string }) => `${p.prenom} ${p.nom}`;
  const out: Line[] = [
    { kind: 'text', value: service.nom, bold: true, size: 4, center: true },
    {
      kind: 'text',
      value: r.type === 'Z' ? `Rapport Z ${numero}` : 'Rapport X (provisoire)',
      bold: true,
      size: 2,
      center: true,
    },
    { kind: 'text', value: `Caisse : ${s.caisse.nom}` },
    { kind: 'text', value: `Ouverte le ${when(s.ouverteLe)} par ${who(s.ouvertPar)}` },
  ];
  if (s.clotureeLe && s.clotureePar)
    out.push({
      kind: 'text',
      value: `Clôturée le ${when(s.clotureeLe)} par ${who(s.clotureePar)}`,
    });
  else out.push({ kind: 'text', value: `Établi le ${when(r.etabliLe)}` });
  out.push(
    { kind: 'rule' },
    { kind: 'row', label: 'Fond de caisse', amount: money(r.fond) },
    { kind: 'row', label: `Ventes (${r.ventes.nombre})`, amount: money(r.ventes.total) },
    { kind: 'row', label: `Retours (${r.retours.nombre})`, amount: money(r.retours.total) },
    { kind: 'row', label: 'Apports', amount: money(r.apports) },
    { kind: 'row', label: 'Retraits', amount: money(r.retraits) },
    { kind: 'row', label: 'Dépenses payées en caisse', amount: money(r.depenses) },
  );
  for (const m of r.modes) {
    if (!m.attendu && !m.ventes && !m.reglements && !m.remboursements && !m.compte) continue;
    out.push({ kind: 'rule' }, { kind: 'text', value: MODE_PAIEMENT_LABELS[m.mode], bold: true });
    if (m.ventes) out.push({ kind: 'row', label: 'Encaissé (ventes)', amount: money(m.ventes) });
    if (m.reglements)
      out.push({ kind: 'row', label: 'Règlements de dettes', amount: money(m.reglements) });
    if (m.remboursements)
      out.push({ kind: 'row', label: 'Remboursements', amount: `-${money(m.remboursements)}` });
    out.push({ kind: 'row', label: 'Attendu', amount: money(m.attendu) });
    if (m.compte !== null) {
      out.push({ kind: 'row', label: 'Compté', amount: money(m.compte) });
      out.push({ kind: 'row', label: 'Écart', amount: money(m.ecart ?? 0), bold: true });
    }
  }
  if (r.coupures?.some((c) => c.nombre > 0)) {
    out.push({ kind: 'rule' }, { kind: 'text', value: 'Comptage des espèces', bold: true });
    for (const c of r.coupures)
      if (c.nombre > 0)
        out.push({
          kind: 'row',
          label: `${money(c.valeur)} × ${c.nombre}`,
          amount: money(c.valeur * c.nombre),
        });
  }
  if (r.ecart !== null) {
    out.push(
      { kind: 'rule' },
      { kind: 'row', label: 'Écart total', amount: money(r.ecart), bold: true },
    );
    if (r.motifEcart) out.push({ kind: 'text', value: `Motif : ${r.motifEcart}` });
  }
  return out;
}

/** Draws the lines from the top of the page; returns the height used. */
function draw(doc: PDFKit.PDFDocument, lines: Line[], format: RapportFormat, logo: Buffer | null) {
  const pageWidth = format === 'a4' ? A4[0] : format * MM;
  const margin = format === 'a4' ? 40 : 3 * MM;
  const width = pageWidth - 2 * margin;
  const small = format === 'a4' ? 10 : format === 58 ? 7 : 8;
  // pdfkit's standard fonts have no narrow no-break space (U+202F, French digit groups).
  const clean = (text: string) => text.replace(/\u202F/g, '\u00A0');
  let y = margin;
  if (logo) {
    doc.image(logo, margin + width / 2 - 12 * MM, y, { fit: [24 * MM, 16 * MM], align: 'center' });
    y += 16 * MM + 2;
  }
  for (const line of lines) {
    if (line.kind === 'rule') {
      y += 2;
      doc
        .moveTo(margin, y)
        .lineTo(margin + width, y)
        .dash(1.5, { space: 1.5 })
        .lineWidth(0.5);
      doc.stroke().undash();
      y += 3;
    } else if (line.kind === 'text') {
      doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(small + (line.size ?? 0));
      doc.text(clean(line.value), margin, y, { width, align: line.center ? 'center' : 'left' });
      y = doc.y;
    } else {
      doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(small);
      const amount = clean(line.amount);
      const amountWidth = doc.widthOfString(amount) + 2;
      doc.text(amount, margin, y, { width, align: 'right', lineBreak: false });
      doc.text(clean(line.label), margin, y, { width: width - amountWidth - 4 });
      y = Math.max(doc.y, y + doc.currentLineHeight());
    }
  }
  return y + margin;
}

function render(
  lines: Line[],
  format: RapportFormat,
  logo: Buffer | null,
  size: [number, number],
  title: string,
): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 0, info: { Title: title, Creator: 'Comptoir' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, lines, format, logo);
  doc.end();
  return done;
}

/**
 * The X or Z report of a session as a PDF: a receipt 80 or 58 mm wide as tall as its content
 * (measured first, like the sale's ticket), or an A4 page.
 */
export async function sessionRapportPdf(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
  sessionId: number,
  asked: '80' | '58' | 'a4' | undefined,
): Promise<{ pdf: Buffer; name: string }> {
  const session = await sessionDetail(db, service.id, sessionId);
  const caisse = await db
    .selectFrom('caisses')
    .select('largeur_ticket')
    .where('id', '=', session.caisse.id)
    .executeTakeFirstOrThrow();
  const format: RapportFormat =
    asked === 'a4' ? 'a4' : (asked ?? String(caisse.largeur_ticket ?? 80)) === '58' ? 58 : 80;
  const name = session.numeroZ ?? `X-${session.caisse.nom}`;
  return {
    pdf: await rapportPdf(db, service, session, format),
    name: `${name.replace(/[^\w-]/g, '_')}-${format}`,
  };
}

async function rapportPdf(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
  session: CaisseSessionDetail,
  format: RapportFormat,
): Promise<Buffer> {
  const lines = linesOf(service, session, session.numeroZ);
  const logo = await logoOf(db, service);
  const title =
    session.rapport.type === 'Z'
      ? `Rapport Z ${session.numeroZ}`
      : `Rapport X ${session.caisse.nom}`;
  if (format === 'a4') return render(lines, format, logo, A4, title);
  const measure = new PDFDocument({ size: [format * MM, 20_000], margin: 0 });
  const height = Math.ceil(draw(measure, lines, format, logo));
  measure.end();
  return render(lines, format, logo, [format * MM, height], title);
}
