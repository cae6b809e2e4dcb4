import { DETTE_FOURNISSEUR_SORTS, formatMoney } from '@comptoir/shared';
import { DettesListe } from '../../../components/list/DettesListe';
import type { ListSpec } from '../../../lib/list-params';
import { useClampedPage, useListParams } from '../../../lib/use-list-params';
import { useDettesFournisseurs } from '../api';

const LIST: ListSpec = { sorts: DETTE_FOURNISSEUR_SORTS, filters: ['enRetard'] };

/** The « Fournisseurs » tab of the debts: what the shop owes each supplier, with the totals. */
export function DettesFournisseurs({ serviceId, devise }: { serviceId: number; devise: string }) {
  const list = useListParams(LIST);
  const dettes = useDettesFournisseurs(serviceId, list.query);
  useClampedPage(list, dettes.data?.total);
  const money = (v: number) => formatMoney(v, devise);
  const totaux = dettes.data?.totaux;
  return (
    <DettesListe
      prefix="dettes-fournisseurs"
      label="Dettes fournisseurs"
      totauxLabel="Totaux des dettes fournisseurs"
      totaux={[
        ['Dû aux fournisseurs', totaux ? money(totaux.solde) : '…'],
        ['Dont en retard', totaux ? money(totaux.enRetard) : '…'],
        ['Fournisseurs à payer', totaux ? String(totaux.fournisseurs) : '…'],
      ]}
      tiers="Fournisseur"
      searchLabel="Rechercher un fournisseur"
      montant={{ header: 'Solde dû', sortField: 'solde' }}
      nombreHeader="Achats"
      emptyMessage="Rien n’est dû aux fournisseurs"
      rows={(dettes.data?.items ?? []).map((d) => ({
        id: d.fournisseur.id,
        nom: d.fournisseur.nom,
        telephone: d.fournisseur.telephone,
        lien: `/pages/fournisseurs/${d.fournisseur.id}`,
        montant: d.solde,
        enRetard: d.enRetard,
        prochaineEcheance: d.prochaineEcheance,
        nombre: d.nombreAchats,
      }))}
      total={dettes.data?.total ?? 0}
      loading={dettes.isFetching}
      error={dettes.isError ? dettes.error : null}
      list={list}
      devise={devise}
    />
  );
}
