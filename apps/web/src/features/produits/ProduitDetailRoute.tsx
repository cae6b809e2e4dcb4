import { MOUVEMENT_SORTS, type Produit, deNom } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { AJUSTEMENT_FIELDS, AjustementDialog } from './AjustementDialog';
import {
  useAjustement,
  useDeleteProduit,
  useMouvements,
  useProduit,
  useSetProduitActif,
} from './api';
import { AlertesHorsLigne } from '../../components/AlertesHorsLigne';
import { MouvementsTable } from './MouvementsTable';
import { ProduitSummary } from './ProduitSummary';

const MOUVEMENTS_LIST: ListSpec = { sorts: MOUVEMENT_SORTS };

function ProduitDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { devise } = useCurrentShop();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const produit = useProduit(serviceId, id);
  const list = useListParams(MOUVEMENTS_LIST);
  const mouvements = useMouvements(serviceId, id, list.query);
  const dialog = useDialogParam('ajuster');
  const ajuster = useAjustement(serviceId);
  const setActif = useSetProduitActif(serviceId);
  const remove = useDeleteProduit(serviceId);

  if (produit.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(produit.error)}
        className="w-full justify-content-start"
      />
    );
  if (produit.isPending || devise === null) return <p role="status">Chargement…</p>;
  const p = produit.data;

  const toggle = (target: Produit) => {
    const run = () =>
      setActif.mutate(
        { id: target.id, actif: !target.actif },
        {
          onSuccess: (saved) =>
            feedback.success(
              saved.actif ? 'Produit activé' : 'Produit désactivé',
              `« ${saved.nom} » ${saved.actif ? 'est de nouveau proposé à la vente' : "n'est plus proposé à la vente"}.`,
            ),
          onError: feedback.actionError(
            target.actif ? 'Désactivation impossible' : 'Activation impossible',
          ),
        },
      );
    if (!target.actif) return run();
    confirmDialog({
      header: 'Désactiver le produit',
      message: `Désactiver « ${target.nom} » ? Il ne sera plus proposé à la vente ; son historique est conservé.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: run,
    });
  };
  const askDelete = (target: Produit) =>
    confirmDialog({
      header: 'Supprimer le produit',
      message: `Supprimer définitivement « ${target.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(target.id, {
          onSuccess: () => {
            feedback.success('Produit supprimé', `« ${target.nom} » a été supprimé du catalogue.`);
            void navigate('/pages/produits', { replace: true });
          },
          onError: feedback.actionError('Suppression impossible'),
        }),
    });
  const unused = mouvements.data !== undefined && mouvements.data.total === 0;

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={p.nom}>
        <Button
          type="button"
          label="Modifier"
          icon="pi pi-pencil"
          outlined
          onClick={() => void navigate(`/pages/produits/${p.id}/edit`)}
        />
        {owner && (
          <Button
            type="button"
            label="Ajuster le stock"
            icon="pi pi-sliders-h"
            onClick={() => {
              ajuster.reset();
              dialog.open('new');
            }}
          />
        )}
        {owner && (
          <Button
            type="button"
            label={p.actif ? 'Désactiver' : 'Activer'}
            icon={p.actif ? 'pi pi-ban' : 'pi pi-check-circle'}
            severity={p.actif ? 'warning' : 'success'}
            outlined
            onClick={() => toggle(p)}
          />
        )}
        {owner && unused && (
          <Button
            type="button"
            label="Supprimer"
            icon="pi pi-trash"
            severity="danger"
            outlined
            onClick={() => askDelete(p)}
          />
        )}
      </PageHeader>
      <div className="flex flex-wrap gap-3 align-items-start mb-3">
        {p.image && (
          <img
            src={p.image}
            alt={`Photo ${deNom(p.nom)}`}
            width={96}
            height={96}
            className="border-round"
            style={{ objectFit: 'cover' }}
          />
        )}
        <div className="flex-1">
          <ProduitSummary produit={p} devise={devise} />
        </div>
      </div>
      <AlertesHorsLigne serviceId={serviceId} devise={devise} produitId={p.id} />
      <h2 className="text-xl">Mouvements de stock</h2>
      {mouvements.isError && (
        <Message
          severity="error"
          text={errorMessage(mouvements.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <MouvementsTable
        page={mouvements.data}
        loading={mouvements.isFetching}
        list={list}
        symbole={p.unite.symbole}
      />
      {owner && dialog.target !== null && (
        <AjustementDialog
          produit={p}
          saving={ajuster.isPending}
          serverErrors={fieldErrorsOf(ajuster.error)}
          onHide={dialog.close}
          onSave={(body) =>
            ajuster.mutate(
              { id: p.id, body },
              {
                onSuccess: () => {
                  dialog.close();
                  feedback.success('Stock ajusté', `Le mouvement de « ${p.nom} » est enregistré.`);
                },
                onError: feedback.formError('Ajustement impossible', AJUSTEMENT_FIELDS),
              },
            )
          }
        />
      )}
    </div>
  );
}

/** /pages/produits/:id: the product, its stock and its ledger; the owner's actions. */
export default function ProduitDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <ProduitDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
