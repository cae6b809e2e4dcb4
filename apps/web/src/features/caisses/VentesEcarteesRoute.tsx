import { formatDateTime, formatMoney, type VenteEcartee } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CardList } from '../../components/list/CardList';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { useVentesEcartees } from './api';

/**
 * /pages/caisses/ventes-ecartees (owner, from the registers page): the sales the sync refused and
 * the owner discarded (docs/regles-metier.md « Vente hors ligne »). Not recorded (no stock, no
 * money), kept with the number the till gave, who sold, who discarded, when, and both reasons.
 */
export default function VentesEcarteesRoute() {
  return (
    <WithShop>
      {(serviceId) => <VentesEcarteesScreen key={serviceId} serviceId={serviceId} />}
    </WithShop>
  );
}

function VentesEcarteesScreen({ serviceId }: { serviceId: number }) {
  const { devise, timeZone } = useCurrentShop();
  const ecartees = useVentesEcartees(serviceId);
  const when = (iso: string) => formatDateTime(iso, timeZone);
  const personne = (p: { prenom: string; nom: string } | null) =>
    p ? `${p.prenom} ${p.nom}` : '—';
  const phone = useIsPhone();
  return (
    <div className="card">
      <PageHeader title="Ventes écartées">
        <Link to="/pages/caisses">Caisses et sessions</Link>
      </PageHeader>
      <p className="mt-0 text-color-secondary">
        Ventes faites hors ligne, refusées à la synchronisation puis écartées : elles ne sont pas
        enregistrées (ni stock ni argent) et restent inscrites au journal avec leur motif.
      </p>
      {ecartees.isError && (
        <Message
          severity="error"
          text={errorMessage(ecartees.error)}
          className="w-full justify-content-start mb-2"
        />
      )}
      {phone ? (
        <CardList
          value={ecartees.data ?? []}
          rowKey={(e) => e.id}
          label="Ventes écartées"
          emptyMessage="Aucune vente écartée."
          loading={ecartees.isPending}
          testId="ventes-ecartees-cards"
          card={(e) => ({
            title: e.numero,
            amount: devise ? formatMoney(e.totalTtc, devise) : '',
            details: [
              `Faite le ${when(e.faiteLe)}, ${e.caisseNom}${e.vendeur ? `, par ${personne(e.vendeur)}` : ''}`,
              `Refusée parce que : ${e.motifRefus}`,
              `Écartée le ${when(e.createdAt)} par ${personne(e.utilisateur)} : ${e.motif}`,
            ],
          })}
        />
      ) : (
        <DataTable
          value={ecartees.data ?? []}
          loading={ecartees.isPending}
          dataKey="id"
          emptyMessage="Aucune vente écartée."
          aria-label="Ventes écartées"
        >
          <Column header="Numéro donné hors ligne" field="numero" />
          <Column header="Faite le" body={(e: VenteEcartee) => when(e.faiteLe)} />
          <Column header="Caisse" field="caisseNom" />
          <Column header="Vendeur" body={(e: VenteEcartee) => personne(e.vendeur)} />
          <Column
            header="Montant"
            className="text-right"
            body={(e: VenteEcartee) => (devise ? formatMoney(e.totalTtc, devise) : '')}
          />
          <Column header="Refusée parce que" field="motifRefus" />
          <Column
            header="Écartée"
            body={(e: VenteEcartee) => `${when(e.createdAt)} par ${personne(e.utilisateur)}`}
          />
          <Column header="Motif de l’écart" field="motif" />
        </DataTable>
      )}
    </div>
  );
}
