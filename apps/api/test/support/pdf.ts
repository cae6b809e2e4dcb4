import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The text of a PDF, laid out as printed (pdftotext -layout, from poppler-utils). The test
 * scripts install it (scripts/ensure-pdftotext.sh); if it is missing, the test fails: a receipt
 * check never skips silently.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-pdf-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext est introuvable : lancez « bash scripts/ensure-pdftotext.sh ».');
    throw error;
  }
}
