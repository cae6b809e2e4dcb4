import { formatQuantity } from '@comptoir/shared';
import { lectureProgression } from '../../../components/import/Progression';
import type { Progress } from '../../../lib/progress-request';

const count = (n: number) => formatQuantity(n * 1000);

/**
 * The sentence and the share done (0 to 100, null while unknown) of an import under way, step by
 * step: the file read in the browser, sent, then checked and written by the server.
 */
export function importProgression(progress: Progress): { texte: string; pourcent: number | null } {
  if (progress.etape === 'lecture') return lectureProgression(progress);
  const share = progress.total > 0 ? Math.min(progress.faites / progress.total, 1) : 0;
  const pourcent = Math.floor(share * 100);
  switch (progress.etape) {
    case 'envoi':
      return { texte: `Envoi du fichier au serveur : ${pourcent}\u00a0%`, pourcent };
    case 'controle':
      return {
        texte: `Contrôle des lignes : ${count(progress.faites)} sur ${count(progress.total)}`,
        pourcent,
      };
    default:
      return {
        texte: `Enregistrement des produits : ${count(progress.faites)} sur ${count(progress.total)}`,
        pourcent,
      };
  }
}
