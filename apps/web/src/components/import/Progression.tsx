import { formatQuantity } from '@comptoir/shared';
import { ProgressBar } from 'primereact/progressbar';
import type { Progress } from '../../lib/progress-request';

const count = (n: number) => formatQuantity(n * 1000);

/**
 * The reading of an imported file, in French: « Lecture du fichier… » while the rows are not yet
 * counted (the share done unknown), then « Lecture du fichier : 12 000 lignes sur 20 001 » (the
 * rows of the sheet, its headers included).
 */
export function lectureProgression({ faites, total }: Progress): {
  texte: string;
  pourcent: number | null;
} {
  if (total <= 0) return { texte: 'Lecture du fichier…', pourcent: null };
  return {
    texte: `Lecture du fichier : ${count(faites)} ${faites > 1 ? 'lignes' : 'ligne'} sur ${count(total)}`,
    pourcent: Math.floor(Math.min(faites / total, 1) * 100),
  };
}

/** The step of a long work under way and its bar (moving without end while its share is unknown). */
export function ProgressionLigne({
  id,
  texte,
  pourcent,
}: {
  id: string;
  texte: string;
  pourcent: number | null;
}) {
  return (
    <div className="flex flex-column gap-1">
      <small id={id}>{texte}</small>
      <ProgressBar
        mode={pourcent === null ? 'indeterminate' : 'determinate'}
        value={pourcent ?? undefined}
        showValue={false}
        style={{ height: '0.5rem' }}
        aria-labelledby={id}
      />
    </div>
  );
}
