import {
  formatDateTime,
  formatMoney,
  INVENTAIRE_STATUT_LABELS,
  type Inventaire,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { CardList } from '../../components/list/CardList';
import { useIsPhone } from '../../lib/use-phone';

interface Props {
  inventaires: Inventaire[];
  devise: string;
  timeZone: string | undefined;
  onVoir: (id: number) => void;
}

const perimetre = (i: Inventaire) =>
  i.perimetre === 'boutique' ? 'Toute la boutique' : i.categories.map((c) => c.nom).join(', ');

/** The shop's inventories, newest first; on a phone, a card each (number, status, differences). */
export function InventairesHistorique({ inventaires, devise, timeZone, onVoir }: Props) {
  const phone = useIsPhone();
  const voir = (i: Inventaire) => (
    <Button
      type="button"
      label="Voir"
      text
      onClick={() => onVoir(i.id)}
      aria-label={`Voir l’inventaire n° ${i.id}`}
    />
  );
  if (phone)
    return (
      <CardList
        value={inventaires}
        rowKey={(i) => i.id}
        label="Historique des inventaires"
        emptyMessage="Aucun inventaire."
        testId="inventaires-historique"
        card={(i) => ({
          title: `N° ${i.id}`,
          amount: formatMoney(i.resume.valeurEcarts, devise),
          status: <span>{INVENTAIRE_STATUT_LABELS[i.statut]}</span>,
          details: [
            formatDateTime(i.ouvertLe, timeZone),
            perimetre(i),
            `${i.resume.comptes} / ${i.resume.produits} comptés`,
            `${i.resume.ecarts} écart(s)`,
          ],
          actions: voir(i),
        })}
      />
    );
  return (
    <DataTable value={inventaires} dataKey="id" size="small" emptyMessage="Aucun inventaire.">
      <Column header="N°" field="id" />
      <Column header="Ouvert le" body={(i: Inventaire) => formatDateTime(i.ouvertLe, timeZone)} />
      <Column header="Statut" body={(i: Inventaire) => INVENTAIRE_STATUT_LABELS[i.statut]} />
      <Column header="Périmètre" body={perimetre} />
      <Column
        header="Comptés"
        body={(i: Inventaire) => `${i.resume.comptes} / ${i.resume.produits}`}
      />
      <Column header="Écarts" body={(i: Inventaire) => i.resume.ecarts} />
      <Column
        header="Valeur des écarts"
        body={(i: Inventaire) => formatMoney(i.resume.valeurEcarts, devise)}
      />
      <Column body={voir} />
    </DataTable>
  );
}
