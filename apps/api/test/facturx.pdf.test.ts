import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { facturxXml } from '../src/modules/factures/facturx/cii.js';
import {
  FACTURX_FONTS,
  facturxPdfBuffer,
  pdfBuffer,
} from '../src/modules/factures/facturx/pdfa3.js';
import { AVOIR, FACTURE_FRANCHISE, FACTURE_MULTI_TAUX } from './facturx.fixtures.js';
import {
  embeddedFiles,
  extractEmbedded,
  pdfObjects,
  qpdfCheck,
  renderPages,
  xmpOf,
  xsdErrors,
} from './support/facturx.js';
import { pdfText } from './support/pdf.js';

/**
 * The Factur-X PDF (PDF/A-3b with factur-x.xml), read back by qpdf and poppler: structure,
 * embedded file extracted and validated against the XSD, associated-file relationship, XMP of
 * PDF/A and Factur-X, fonts all embedded, pages rendered.
 */

const DATE = new Date('2026-11-24T09:30:00Z');

async function facturePdf(document = FACTURE_MULTI_TAUX, mentions: string[] = []): Promise<Buffer> {
  return facturxPdfBuffer(
    { titre: `Facture ${document.numero}`, date: DATE },
    facturxXml(document),
    (doc) => {
      doc.font(FACTURX_FONTS.bold).fontSize(16).text(`Facture ${document.numero}`);
      doc.font(FACTURX_FONTS.regular).fontSize(10);
      for (const mention of mentions) doc.text(mention);
    },
  );
}

/** Fonts that a PDF/A reader must find embedded: every font with its program in the file. */
function fontsNotEmbedded(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const descriptors = objects.filter((o) => o['/Type'] === '/FontDescriptor');
  const bare = objects.filter((o) => o['/Type'] === '/Font' && o['/Subtype'] === '/Type1');
  return [
    ...bare.map((o) => String(o['/BaseFont'])),
    ...descriptors
      .filter((d) => !d['/FontFile'] && !d['/FontFile2'] && !d['/FontFile3'])
      .map((d) => String(d['/FontName'])),
  ];
}

describe('PDF Factur-X (PDF/A-3b)', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await facturePdf(FACTURE_MULTI_TAUX, ['TVA non applicable, art. 293 B du CGI — 12,50 €']);
  });

  it('est un PDF sans erreur de structure (qpdf --check)', () => {
    const check = qpdfCheck(pdf);
    expect(check.output).toContain('No syntax or stream encoding errors');
    expect(check.ok).toBe(true);
  });

  it('embarque factur-x.xml, identique au XML et valide selon le XSD une fois extrait', () => {
    expect(embeddedFiles(pdf)).toEqual(['factur-x.xml']);
    const extracted = extractEmbedded(pdf, 'factur-x.xml');
    expect(extracted).toBe(facturxXml(FACTURE_MULTI_TAUX));
    expect(xsdErrors(extracted)).toEqual([]);
  });

  it('déclare le fichier associé du document (AF, relation Alternative, text/xml)', () => {
    const objects = pdfObjects(pdf);
    const catalog = objects.find((o) => o['/Type'] === '/Catalog');
    expect(catalog?.['/AF']).toHaveLength(1);
    expect(catalog?.['/OutputIntents']).toHaveLength(1);
    const filespec = objects.find((o) => o['/Type'] === '/Filespec');
    expect(filespec).toMatchObject({
      '/AFRelationship': '/Alternative',
      '/F': 'u:factur-x.xml',
      '/UF': 'u:factur-x.xml',
    });
    const file = objects.find((o) => o['/Type'] === '/EmbeddedFile');
    expect(file?.['/Subtype']).toBe('/text/xml');
    expect((file?.['/Params'] as Record<string, unknown>)['/ModDate']).toBe('u:D:20261124093000Z');
    const intent = objects.find((o) => o['/Type'] === '/OutputIntent');
    expect(intent?.['/S']).toBe('/GTS_PDFA1');
  });

  it('porte les métadonnées XMP PDF/A-3B et Factur-X (schéma d’extension compris)', () => {
    const xmp = xmpOf(pdf);
    expect(xmp).toMatch(
      /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/,
    );
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
      expect(xmp).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Facture F-2026-000042</rdf:li>');
  });

  it('n’utilise que des polices embarquées', () => {
    expect(fontsNotEmbedded(pdf)).toEqual([]);
    // The check sees a standard font that PDF/A forbids.
    const plain = new PDFDocument({ subset: 'PDF/A-3b' });
    plain.font('Helvetica').text('Facture');
    return pdfBuffer(plain).then((bad) => expect(fontsNotEmbedded(bad)).toEqual(['/Helvetica']));
  });

  it('s’affiche (pdftoppm) et montre ses mentions en texte (pdftotext)', () => {
    expect(renderPages(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Facture F-2026-000042');
    expect(text).toContain('TVA non applicable, art. 293 B du CGI — 12,50 €');
  });

  it('fait de même pour un avoir et pour une boutique non assujettie', async () => {
    for (const document of [AVOIR, FACTURE_FRANCHISE]) {
      const other = await facturePdf(document);
      expect(qpdfCheck(other).ok).toBe(true);
      expect(xsdErrors(extractEmbedded(other, 'factur-x.xml'))).toEqual([]);
      expect(renderPages(other)).toBe(1);
    }
  });

  it('écrit chaque lettre en texte, même après une facture dont les capitales accentuées ont été dessinées seules', async () => {
    // « É » is drawn from « E » and an accent: a font shared across documents kept « E » without
    // its character after subsetting « É », and « SIREN » read « SIR N » in every later invoice.
    const draw = (text: string) => (doc: PDFKit.PDFDocument) => {
      doc.font(FACTURX_FONTS.bold).text(text);
      doc.font(FACTURX_FONTS.regular).text(text);
    };
    await facturxPdfBuffer({ titre: 'Avant', date: DATE }, facturxXml(AVOIR), draw('ÉÈÜÖÎ'));
    const after = await facturxPdfBuffer(
      { titre: 'Après', date: DATE },
      facturxXml(FACTURE_MULTI_TAUX),
      draw('SIREN OUI'),
    );
    expect(pdfText(after).match(/SIREN OUI/g)).toHaveLength(2);
  });

  it('un PDF sans XML embarqué est vu comme tel', async () => {
    const plain = new PDFDocument({ subset: 'PDF/A-3b' });
    plain.text('Facture');
    const bare = await pdfBuffer(plain);
    expect(embeddedFiles(bare)).toEqual([]);
    expect(xmpOf(bare)).not.toContain('fx:DocumentType');
  });
});
