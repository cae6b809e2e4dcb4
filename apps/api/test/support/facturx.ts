import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Factur-X checks by tools that are not our code, installed by scripts/ensure-facturx-tools.sh:
 * xmllint against the official Factur-X EN 16931 XSD, qpdf, and poppler's pdfdetach, pdfinfo
 * and pdftoppm. A missing tool fails the test with the command to run: no silent skip.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const FACTURX_XSD = path.join(
  ROOT,
  'node_modules/.cache/facturx-tools/xsd/Factur-X_1.07.3_EN16931.xsd',
);

function tool(command: string, args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      `${command} est introuvable : lancez « bash scripts/ensure-facturx-tools.sh ».`,
    );
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function workFile(name: string, content: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'comptoir-facturx-')), name);
  writeFileSync(file, content);
  return file;
}

/** The errors xmllint reports against the Factur-X EN 16931 XSD; [] when the XML is valid. */
export function xsdErrors(xml: string): string[] {
  if (!existsSync(FACTURX_XSD))
    throw new Error('XSD Factur-X absent : lancez « bash scripts/ensure-facturx-tools.sh ».');
  const file = workFile('factur-x.xml', xml);
  const result = tool('xmllint', ['--noout', '--schema', FACTURX_XSD, file]);
  if (result.status === 0) return [];
  const errors = result.stderr
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.endsWith('fails to validate'));
  return errors.length > 0 ? errors : [`xmllint a échoué (code ${result.status})`];
}

/**
 * One XPath 1.0 value of the XML, computed by xmllint (sum(), count(), string()…). Debian's
 * xmllint cannot bind prefixes on its command line: `ram:Name` is rewritten as
 * `*[local-name()='Name']` (the XSD check is the one that checks the namespaces).
 */
export function xpath(xml: string, expression: string): string {
  const file = workFile('factur-x.xml', xml);
  const local = expression.replace(/\b(?:rsm|ram|udt|qdt):([A-Za-z]+)/g, "*[local-name()='$1']");
  const result = tool('xmllint', ['--xpath', local, file]);
  if (result.status !== 0) throw new Error(`xmllint --xpath ${expression} : ${result.stderr}`);
  return result.stdout.trim();
}

/** qpdf --check: structure and streams of the PDF. */
export function qpdfCheck(pdf: Buffer): { ok: boolean; output: string } {
  const result = tool('qpdf', ['--check', workFile('document.pdf', pdf)]);
  return { ok: result.status === 0, output: result.stdout + result.stderr };
}

type PdfObject = Record<string, unknown>;

/** The PDF's objects as qpdf reads them (JSON v2): dictionaries and stream dictionaries. */
export function pdfObjects(pdf: Buffer): PdfObject[] {
  const json = execFileSync(
    'qpdf',
    ['--json=2', '--json-key=qpdf', workFile('document.pdf', pdf)],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const objects = (JSON.parse(json) as { qpdf: [unknown, Record<string, PdfObject>] }).qpdf[1];
  return Object.values(objects).flatMap((entry) => {
    const value = (entry.value ?? (entry.stream as PdfObject | undefined)?.dict) as
      PdfObject | undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? [value] : [];
  });
}

/** The names of the files embedded in the PDF (pdfdetach -list). */
export function embeddedFiles(pdf: Buffer): string[] {
  const result = tool('pdfdetach', ['-list', workFile('document.pdf', pdf)]);
  return result.stdout
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\d+:\s*/, '').trim())
    .filter(Boolean);
}

/** One embedded file, extracted by pdfdetach. */
export function extractEmbedded(pdf: Buffer, name: string): string {
  const out = workFile('extrait.xml', '');
  const result = tool('pdfdetach', ['-savefile', name, '-o', out, workFile('document.pdf', pdf)]);
  if (result.status !== 0) throw new Error(`pdfdetach : ${result.stderr}`);
  return readFileSync(out, 'utf8');
}

/** The XMP metadata packet of the PDF (pdfinfo -meta). */
export function xmpOf(pdf: Buffer): string {
  return tool('pdfinfo', ['-meta', workFile('document.pdf', pdf)]).stdout;
}

/** Renders every page to PNG (pdftoppm); returns the number of images made. */
export function renderPages(pdf: Buffer): number {
  const file = workFile('document.pdf', pdf);
  const result = tool('pdftoppm', [
    '-png',
    '-r',
    '40',
    file,
    path.join(path.dirname(file), 'page'),
  ]);
  if (result.status !== 0) throw new Error(`pdftoppm : ${result.stderr}`);
  return readdirSync(path.dirname(file)).filter((f) => f.endsWith('.png')).length;
}
