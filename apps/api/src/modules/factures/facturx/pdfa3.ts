import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff.js';

/**
 * A Factur-X PDF: a PDF/A-3b document (pdfkit's `subset`: pdfaid XMP, sRGB output intent) whose
 * text uses embedded fonts only (PDF/A forbids the non-embedded standard 14 fonts, so the
 * invoice draws with DejaVu Sans from @fontsource/dejavu-sans), with the CII XML attached as
 * `factur-x.xml` (associated file of the document, relationship Alternative, MIME text/xml) and
 * the XMP metadata of the Factur-X extension schema that pdfkit does not write itself.
 *
 * Use: `const doc = facturxPdfDocument({ … })`, draw with FACTURX_FONTS, then
 * `attachFacturx(doc, xml, date)` and `doc.end()` (see facturxPdfBuffer).
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
} as const;

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/**
 * The fonts as TrueType, decoded from WOFF by woff.ts once per process. Each document parses its
 * own fontkit font from these bytes (pdfkit does it in registerFont): a fontkit font caches its
 * glyphs with the characters of their first use, and subsetting an accented capital (« É » is
 * drawn from « E » and an accent) caches « E » with none; a font shared across documents then
 * wrote every later « E » without its character, and « SIREN » read « SIR N » in the text of the
 * next invoices of a long-running server (factures.pdf.test, « police propre à chaque document »).
 */
function fontData(): { regular: Buffer; bold: Buffer } {
  const load = (file: string): Buffer => woffToSfnt(readFileSync(require.resolve(file)));
  fonts ??= { regular: load(FONT_FILES.regular), bold: load(FONT_FILES.bold) };
  return fonts;
}

/** The font names a Factur-X document is drawn with (`doc.font(FACTURX_FONTS.bold)`). */
export const FACTURX_FONTS = { regular: 'Facturx-Regular', bold: 'Facturx-Bold' } as const;

export const FACTURX_FILENAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_CONFORMANCE = 'EN 16931';

export interface FacturxPdfOptions {
  /** Document title (dc:title), e.g. « Facture F-2026-000001 ». */
  titre: string;
  /** Creation date, from the server clock (db/time.ts), never the wall clock in tests. */
  date: Date;
  size?: PDFKit.PDFDocumentOptions['size'];
  margin?: number;
}

/** A pdfkit document set up as PDF/A-3b, the embedded fonts registered and selected. */
export function facturxPdfDocument(options: FacturxPdfOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    size: options.size ?? 'A4',
    margin: options.margin ?? 40,
    info: {
      // pdfkit copies Title into the XMP packet unescaped, and PDF/A wants both to be equal.
      Title: options.titre.replace(/[<>&]/g, ' '),
      Creator: 'Comptoir',
      Producer: 'Comptoir',
      CreationDate: options.date,
    },
  });
  const { regular, bold } = fontData();
  doc.registerFont(FACTURX_FONTS.regular, regular);
  doc.registerFont(FACTURX_FONTS.bold, bold);
  doc.font(FACTURX_FONTS.regular);
  return doc;
}

/** A Factur-X extension schema property, as PDF/A asks each custom XMP property to be declared. */
function property(name: string, description: string): string {
  return `<rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;
}

/** The XMP the Factur-X standard requires: the extension schema and the fx: properties. */
export function facturxXmp(): string {
  return `
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
          ${property('DocumentFileName', 'The name of the embedded XML document')}
          ${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
          ${property('Version', 'The actual version of the standard applying to the embedded XML document')}
          ${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
    </rdf:Description>`;
}

/**
 * Attaches the CII XML as the document's associated file factur-x.xml and writes the Factur-X
 * XMP. Call once, after drawing and before `doc.end()`.
 */
export function attachFacturx(doc: PDFKit.PDFDocument, xml: string, date: Date): void {
  // pdfkit writes /AFRelationship from `relationship` (its types do not declare it).
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    description: 'Factur-X',
    relationship: 'Alternative',
    creationDate: date,
    modifiedDate: date,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(facturxXmp());
}

/** Ends the document and resolves with its bytes. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

/**
 * The one call for the invoice PDF code: draws with `draw` on a PDF/A-3b document, embeds the
 * Factur-X XML, and returns the PDF.
 */
export function facturxPdfBuffer(
  options: FacturxPdfOptions,
  xml: string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = facturxPdfDocument(options);
  draw(doc);
  attachFacturx(doc, xml, options.date);
  return pdfBuffer(doc);
}
