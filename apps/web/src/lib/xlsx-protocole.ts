import type { ClasseurDemande, ClasseurMessage } from './xlsx-write';

/**
 * What the page and the Excel Web Worker (xlsx.worker.ts, one per file, ended when done) say to
 * each other: write an export's workbook, or read an imported file.
 */
export type XlsxDemande =
  | ({ type: 'ecrire' } & ClasseurDemande)
  /** The bytes of an .xlsx file, transferred. */
  | { type: 'lire'; octets: ArrayBuffer };

/**
 * The answers to a reading: rows of the file built so far (`lues` of `total`), then its rows of
 * cell texts, a slice at a time (cloned slice by slice, the page never takes them all at once),
 * then the end.
 */
export type LectureMessage =
  | { type: 'lues'; lignes: number; total: number }
  | { type: 'rangees'; rangees: string[][] }
  | { type: 'lu' };

export type XlsxMessage = ClasseurMessage | LectureMessage;
