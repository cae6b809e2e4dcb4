import { INVENTAIRE_STATUT_LABELS } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { http } from '../../lib/http';
import { shopPath, useCurrentShop } from '../../lib/shop';
import { useSession } from '../../lib/use-session';
import { useToast } from '../../lib/toast';
import { useInventaires, useOuvrir } from './api';
import { InventaireEnCours } from './InventaireEnCours';
import { InventairesHistorique } from './InventairesHistorique';

function OuvrirInventaire({ serviceId }: { serviceId: number }) {
  const toast = useToast();
  const ouvrir = useOuvrir(serviceId);
  const [categorieIds, setCategorieIds] = useState<number[]>([]);
  const categories = useQuery({
    queryKey: ['categories', serviceId, 'inventaire'],
    queryFn: () =>
      http.get<{ items: Array<{ id: number; nom: string }> }>(shopPath(serviceId, 'categories'), {
        query: { size: 200 },
      }),
  });
  const submit = () =>
    ouvrir.mutate(
      categorieIds.length ? { perimetre: 'categories', categorieIds } : { perimetre: 'boutique' },
      {
        onError: (error) =>
          toast({ severity: 'error', summary: 'Ouverture refusée', detail: errorMessage(error) }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2 align-items-center">
      <MultiSelect
        aria-label="Catégories à inventorier"
        placeholder="Toute la boutique"
        value={categorieIds}
        options={categories.data?.items ?? []}
        optionLabel="nom"
        optionValue="id"
        onChange={(e) => setCategorieIds(e.value as number[])}
        display="chip"
      />
      <Button
        type="button"
        label="Ouvrir un inventaire"
        icon="pi pi-play"
        onClick={submit}
        loading={ouvrir.isPending}
      />
    </div>
  );
}

function Inventaires({ serviceId }: { serviceId: number }) {
  const { devise, timeZone } = useCurrentShop();
  const { role } = useSession();
  const proprietaire = role === 'ROLE_PROPRIETAIRE';
  const list = useInventaires(serviceId);
  const [choisi, setChoisi] = useState<number | null>(null);
  if (devise === null || !list.data)
    return list.isError ? (
      <Message severity="error" text={errorMessage(list.error)} />
    ) : (
      <p role="status">Chargement…</p>
    );
  const enCours = list.data.items.find((i) => i.statut === 'ouvert');
  const affiche = list.data.items.find((i) => i.id === choisi) ?? enCours;
  return (
    <div className="card-surface flex flex-column gap-3">
      <PageHeader title="Inventaires" />
      <ConfirmDialog />
      {!enCours &&
        (proprietaire ? (
          <OuvrirInventaire serviceId={serviceId} />
        ) : (
          <Message severity="info" text="Aucun inventaire en cours dans cette boutique." />
        ))}
      {affiche && (
        <>
          <h2 className="m-0 text-xl">
            Inventaire n° {affiche.id} — {INVENTAIRE_STATUT_LABELS[affiche.statut]}
          </h2>
          <InventaireEnCours
            key={affiche.id}
            serviceId={serviceId}
            inventaire={affiche}
            devise={devise}
            proprietaire={proprietaire}
          />
        </>
      )}
      <h2 className="m-0 text-xl">Historique</h2>
      <InventairesHistorique
        inventaires={list.data.items}
        devise={devise}
        timeZone={timeZone}
        onVoir={setChoisi}
      />
    </div>
  );
}

/** `/pages/rapports/inventaires`: the owner opens, validates and cancels; the managers count. */
export default function InventairesRoute() {
  return <WithShop>{(serviceId) => <Inventaires serviceId={serviceId} />}</WithShop>;
}
