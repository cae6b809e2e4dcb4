import { FOURNISSEUR_SORTS, type Fournisseur } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { Link } from 'react-router';
import { PartiesScreen } from '../../components/PartiesScreen';
import { WithShop } from '../../components/WithShop';
import type { ListSpec } from '../../lib/list-params';
import { useListParams } from '../../lib/use-list-params';
import {
  useFournisseurs,
  useCreateFournisseur,
  useDeleteFournisseur,
  useUpdateFournisseur,
} from './api';
import { FOURNISSEUR_FIELDS, FournisseurForm } from './FournisseurForm';

const LIST: ListSpec = { sorts: FOURNISSEUR_SORTS, filters: ['actif'] };

function Fournisseurs({ serviceId }: { serviceId: number }) {
  const list = useListParams(LIST);
  return (
    <PartiesScreen
      title="Fournisseurs"
      noun="fournisseur"
      testId="fournisseurs-table"
      searchPlaceholder="Nom, contact, téléphone ou e-mail"
      formId="fournisseur-form"
      fields={FOURNISSEUR_FIELDS}
      list={list}
      query={useFournisseurs(serviceId, list.query)}
      create={useCreateFournisseur(serviceId)}
      update={useUpdateFournisseur(serviceId)}
      remove={useDeleteFournisseur(serviceId)}
      card={(c) => ({
        title: c.nom,
        details: [c.contact ?? '', c.telephone ?? '', c.email ?? ''].filter(Boolean),
      })}
      renderForm={({ edited, ...form }) => <FournisseurForm {...form} fournisseur={edited} />}
    >
      <Column
        header="Nom"
        sortable
        field="nom"
        body={(f: Fournisseur) => <Link to={`/pages/fournisseurs/${f.id}`}>{f.nom}</Link>}
      />
      <Column header="Téléphone" body={(c: Fournisseur) => c.telephone ?? '—'} />
      <Column header="Adresse e-mail" body={(c: Fournisseur) => c.email ?? '—'} />
      <Column header="Contact" body={(c: Fournisseur) => c.contact ?? '—'} />
    </PartiesScreen>
  );
}

/** /pages/fournisseurs (owner): the current shop's suppliers. */
export default function FournisseursRoute() {
  return (
    <WithShop>{(serviceId) => <Fournisseurs key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}
