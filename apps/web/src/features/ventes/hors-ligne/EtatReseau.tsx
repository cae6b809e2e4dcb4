import { Tag } from 'primereact/tag';
import type { HorsLigne } from './use-hors-ligne';

const LABELS = {
  en_ligne: { label: 'En ligne', severity: 'success', icon: 'pi pi-wifi' },
  hors_ligne: { label: 'Hors ligne', severity: 'warning', icon: 'pi pi-ban' },
  synchronisation: { label: 'Synchronisation', severity: 'info', icon: 'pi pi-sync' },
} as const;

const heure = (iso: string) =>
  new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** « En ligne / Hors ligne / Synchronisation », the sales waiting and the catalogue's last refresh. */
export function EtatReseau({ etat, enAttente, rafraichi, erreur, stockagePlein }: HorsLigne) {
  const l = LABELS[etat];
  return (
    <div
      className="flex flex-wrap align-items-center gap-2 text-sm"
      role="status"
      data-testid="etat-reseau"
    >
      <Tag value={l.label} severity={l.severity} icon={l.icon} />
      {enAttente !== null && (
        <span>
          {enAttente === 0
            ? 'Aucune vente en attente'
            : `${enAttente} vente${enAttente > 1 ? 's' : ''} en attente`}
        </span>
      )}
      <span className="text-color-secondary">
        {rafraichi ? `Catalogue : ${heure(rafraichi)}` : 'Catalogue pas encore chargé'}
      </span>
      {erreur && <span className="text-red-600">{erreur}</span>}
      {stockagePlein && (
        <span className="text-orange-600">
          Stockage de l’appareil presque plein : reconnectez la caisse pour envoyer les ventes.
        </span>
      )}
    </div>
  );
}
