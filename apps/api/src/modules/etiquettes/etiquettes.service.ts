import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import type { Selectable } from 'kysely';
import {
  formatMoneyForPdf,
  isCode128Text,
  isValidEan13,
  isValidEan8,
  type EtiquettesData,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { laisserPasser } from '../../core/event-loop.js';
import type { ServicesTable } from '../../db/schema.js';

/** One millimetre in PDF points. */
const MM = 72 / 25.4;

/** Label sheet layouts: label size, grid and the sheet's margins (A4: 210 × 297 mm). */
const FORMATS = {
  '3x8': { columns: 3, rows: 8, width: 70 * MM, height: 37 * MM, left: 0, top: 0.5 * MM },
} as const;

interface Etiquette {
  nom: string;
  prix: string;
  codeBarres: string | null;
}

/** The barcode symbology of a code: EAN-13 / EAN-8 when the check digit is right, Code 128 otherwise. */
function symbology(code: string): 'ean13' | 'ean8' | 'code128' | null {
  if (isValidEan13(code)) return 'ean13';
  if (isValidEan8(code)) return 'ean8';
  return isCode128Text(code) ? 'code128' : null;
}

export async function barcodePng(code: string): Promise<Buffer | null> {
  const bcid = symbology(code);
  if (!bcid) return null;
  return bwipjs.toBuffer({
    bcid,
    text: code,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
    textsize: 9,
  });
}

/** `text` cut with an ellipsis to fit `width` in the document's current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The PDF of barcode labels: every line's product `quantite` times, in order, filling A4 label
 * sheets row by row. A product of another shop (or unknown) is 404, whatever the others.
 */
export async function etiquettesPdf(
  ctx: AppContext,
  service: Selectable<ServicesTable>,
  input: EtiquettesData,
): Promise<Buffer> {
  const ids = [...new Set(input.lignes.map((ligne) => ligne.produitId))];
  const rows = await ctx.database.db
    .selectFrom('produits')
    .select(['id', 'nom', 'prix_vente', 'code_barres'])
    .where('service_id', '=', service.id)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(`Produit introuvable (identifiant ${missing}).`);

  const images = new Map<number, Buffer | null>();
  for (const row of rows) {
    images.set(Number(row.id), row.code_barres ? await barcodePng(row.code_barres) : null);
    await laisserPasser();
  }

  const labels: Array<Etiquette & { image: Buffer | null }> = [];
  for (const ligne of input.lignes) {
    const row = byId.get(ligne.produitId)!;
    const label = {
      nom: row.nom,
      prix: formatMoneyForPdf(Number(row.prix_vente), service.devise),
      codeBarres: row.code_barres,
      image: images.get(ligne.produitId) ?? null,
    };
    for (let i = 0; i < ligne.quantite; i++) labels.push(label);
  }
  return drawLabels(labels, input.format);
}

/**
 * Draws the sheets. Each product's barcode image is embedded once and drawn on each of its labels
 * (a PNG given again as bytes would be decoded and stored again for every label); the event loop
 * is given back after every sheet.
 */
export async function drawLabels(
  labels: Array<Etiquette & { image: Buffer | null }>,
  format: EtiquettesData['format'],
): Promise<Buffer> {
  const layout = FORMATS[format];
  const perPage = layout.columns * layout.rows;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Étiquettes', Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pad = 3 * MM;
  // pdfkit keeps an image given by a string (here a data URI) and embeds it once.
  const uris = new Map<Buffer, string>();
  const image = (png: Buffer) => {
    let uri = uris.get(png);
    if (!uri) uris.set(png, (uri = `data:image/png;base64,${png.toString('base64')}`));
    return uri;
  };
  for (const [index, label] of labels.entries()) {
    const slot = index % perPage;
    if (slot === 0) {
      if (index > 0) await laisserPasser();
      doc.addPage({ size: 'A4', margin: 0 });
    }
    const x = layout.left + (slot % layout.columns) * layout.width;
    const y = layout.top + Math.floor(slot / layout.columns) * layout.height;
    const inner = layout.width - 2 * pad;
    doc.font('Helvetica').fontSize(9).fillColor('black');
    doc.text(fit(doc, label.nom, inner), x + pad, y + pad, { width: inner, lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(12);
    doc.text(fit(doc, label.prix, inner), x + pad, y + pad + 11, {
      width: inner,
      lineBreak: false,
    });
    const top = y + pad + 27;
    const height = layout.height - (top - y) - pad;
    if (label.image) {
      doc.image(image(label.image), x + pad, top, {
        fit: [inner, height],
        align: 'center',
        valign: 'center',
      });
    } else if (label.codeBarres) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(fit(doc, label.codeBarres, inner), x + pad, top, {
          width: inner,
          align: 'center',
          lineBreak: false,
        });
    }
  }
  doc.end();
  return done;
}
