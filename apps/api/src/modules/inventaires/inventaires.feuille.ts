import PDFDocument from 'pdfkit';
import { sql, type Selectable } from 'kysely';
import { formatDateTime, formatLongDate, formatQuantity, shopTimeZone } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import type { ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { heading, legalIds, MARGIN, table, WIDTH } from '../dettes/dettes.releve.js';
import { findInventaire, inventaireOf, lignesBase } from './inventaires.repository.js';

type Service = Selectable<ServicesTable>;

/** PDF fonts lack U+202F (the French thousands separator): a no-break space instead. */
const pdfText = (text: string) => text.replace(/\u202F/g, '\u00A0');

/**
 * The count sheet (A4): the session's products by category then name, with reference, barcode and
 * unit, and an empty « Compté » column to write in; what was already counted is printed there.
 */
export async function feuillePdf(ctx: AppContext, service: Service, id: number): Promise<Buffer> {
  const { db } = ctx.database;
  const inventaire = await inventaireOf(db, await findInventaire(db, service.id, id));
  const lignes = await lignesBase(db, id)
    .orderBy(sql`coalesce(c.nom, '')`)
    .orderBy('p.nom_tri')
    .orderBy('p.id')
    .execute();
  const zone = shopTimeZone(service.pays);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Feuille de comptage — inventaire n° ${id}`, Creator: 'Comptoir' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(15).text(service.nom);
  const ids = legalIds(service);
  if (ids) doc.font('Helvetica').fontSize(9).text(ids);
  doc.moveDown(1);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Feuille de comptage — inventaire n° ${id}`, { align: 'center' });
  const perimetre =
    inventaire.perimetre === 'boutique'
      ? 'Toute la boutique'
      : `Catégories : ${inventaire.categories.map((c) => c.nom).join(', ')}`;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(pdfText(`Ouvert le ${formatDateTime(inventaire.ouvertLe, zone)} · ${perimetre}`), {
      align: 'center',
    })
    .text(pdfText(`Imprimée le ${formatLongDate(now(), zone)} · ${lignes.length} produits`), {
      align: 'center',
    });
  heading(doc, 'Produits à compter');
  table(
    doc,
    [
      { title: 'Catégorie', width: 90 },
      { title: 'Produit', width: WIDTH - 380 },
      { title: 'Référence', width: 70 },
      { title: 'Code-barres', width: 90 },
      { title: 'Unité', width: 40 },
      { title: 'Compté', width: 90, align: 'right' },
    ],
    lignes.map((l) => [
      l.categorie ?? 'Sans catégorie',
      l.nom,
      l.reference ?? '',
      l.code_barres ?? '',
      l.symbole,
      l.quantite_comptee === null ? '…………………' : pdfText(formatQuantity(Number(l.quantite_comptee))),
    ]),
  );
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Compté par : ……………………………    Signature : ……………………………', MARGIN);
  doc.end();
  return done;
}
