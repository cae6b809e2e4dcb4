import { DETTE_CLIENT_SORTS, formatMoney } from '@comptoir/shared';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { DettesListe } from '../../components/list/DettesListe';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { DettesFournisseurs } from '../achats';
import { useDettes } from './api';

const LIST: ListSpec = { sorts: DETTE_CLIENT_SORTS, filters: ['enRetard'] };

/** « Clients » and « Fournisseurs »: what customers owe the shop, what the shop owes suppliers. */
function Onglets({ fournisseurs }: { fournisseurs: boolean }) {
  const tab = (to: string, label: string, active: boolean) => (
    <Link
      to={to}
      className={`p-button p-button-sm no-underline ${active ? '' : 'p-button-outlined'}`}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <nav className="flex gap-2 mb-3" aria-label="Dettes">
      {tab('/pages/dettes', 'Clients', !fournisseurs)}
      {tab('/pages/dettes?onglet=fournisseurs', 'Fournisseurs', fournisseurs)}
    </nav>
  );
}

function DettesOnglets({ serviceId }: { serviceId: number }) {
  const [params] = useSearchParams();
  const { devise } = useCurrentShop();
  if (params.get('onglet') !== 'fournisseurs') return <Dettes serviceId={serviceId} />;
  return (
    <div className="card-surface">
      <PageHeader title="Dettes fournisseurs" />
      <Onglets fournisseurs />
      {devise === null ? (
        <p role="status">Chargement…</p>
      ) : (
        <DettesFournisseurs serviceId={serviceId} devise={devise} />
      )}
    </div>
  );
}

function Dettes({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const list = useListParams(LIST);
  const dettes = useDettes(serviceId, list.query);
  useClampedPage(list, dettes.data?.total);
  if (devise === null) return <p role="status">Chargement…</p>;
  const money = (v: number) => formatMoney(v, devise);
  const totaux = dettes.data?.totaux;
  return (
    <div className="card-surface">
      <PageHeader title="Dettes des clients" />
      <Onglets fournisseurs={false} />
      <DettesListe
        prefix="dettes"
        label="Dettes des clients"
        totauxLabel="Totaux des dettes"
        totaux={[
          ['Encours total', totaux ? money(totaux.encours) : '…'],
          ['Dont en retard', totaux ? money(totaux.enRetard) : '…'],
          ['Clients débiteurs', totaux ? String(totaux.clients) : '…'],
        ]}
        tiers="Client"
        searchLabel="Rechercher un client"
        montant={{ header: 'Encours', sortField: 'encours' }}
        enRetardSortField="en_retard"
        emptyMessage="Aucune dette"
        rows={(dettes.data?.items ?? []).map((d) => ({
          id: d.client.id,
          nom: d.client.nom,
          telephone: d.client.telephone,
          lien: `/pages/dettes/${d.client.id}`,
          montant: d.encours,
          enRetard: d.enRetard,
          prochaineEcheance: d.prochaineEcheance,
        }))}
        total={dettes.data?.total ?? 0}
        loading={dettes.isFetching}
        error={dettes.isError ? dettes.error : null}
        list={list}
        devise={devise}
      />
    </div>
  );
}

/**
 * /pages/dettes (owner): customers who owe something, with the shop's totals; the « Fournisseurs »
 * tab (`?onglet=fournisseurs`): what the shop owes its suppliers.
 */
export default function DettesRoute() {
  return (
    <WithShop>{(serviceId) => <DettesOnglets key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}
