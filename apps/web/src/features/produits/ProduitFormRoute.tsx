import type { ProduitCreate } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { IMAGE_HINT, ImageUpload } from '../../components/ImageUpload';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useFeedback } from '../../lib/use-feedback';
import { useSession } from '../../lib/use-session';
import { useToast } from '../../lib/toast';
import {
  useCategorieOptions,
  useCreateProduit,
  useDefaultTva,
  useMarqueOptions,
  useProduit,
  useRemoveProduitImage,
  useUniteOptions,
  useUpdateProduit,
  useUploadProduitImage,
} from './api';
import { PRODUIT_FIELDS } from './produit-form';
import { ProduitForm } from './ProduitForm';

const FORM_ID = 'produit-form';

function ProduitEditor({ serviceId, id }: { serviceId: number; id: number | null }) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const { devise } = useCurrentShop();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const toast = useToast();
  const produit = useProduit(serviceId, id);
  const categories = useCategorieOptions(serviceId);
  const marques = useMarqueOptions(serviceId, owner);
  const unites = useUniteOptions();
  const defaultTva = useDefaultTva(serviceId);
  const create = useCreateProduit(serviceId);
  const update = useUpdateProduit(serviceId);
  const upload = useUploadProduitImage(serviceId);
  const removeImage = useRemoveProduitImage(serviceId);
  const [pending, setPending] = useState<File | null>(null);
  const saving = create.isPending || update.isPending || upload.isPending;

  const save = (body: ProduitCreate) => {
    if (id === null) {
      create.mutate(body, {
        onSuccess: async (created) => {
          if (pending)
            await upload
              .mutateAsync({ id: created.id, file: pending })
              .catch(feedback.actionError('Photo refusée'));
          feedback.success(
            'Produit créé',
            `« ${created.nom} » est ajouté au catalogue (code-barres ${created.codeBarres ?? '—'}).`,
          );
          void navigate(`/pages/produits/${created.id}`);
        },
        onError: feedback.formError('Création impossible', PRODUIT_FIELDS),
      });
    } else {
      const { stockInitial: _ignored, ...rest } = body;
      update.mutate(
        { id, body: rest },
        {
          onSuccess: (saved) => {
            feedback.success('Produit enregistré', `« ${saved.nom} » a été mis à jour.`);
            void navigate(`/pages/produits/${saved.id}`);
          },
          onError: feedback.formError('Enregistrement impossible', PRODUIT_FIELDS),
        },
      );
    }
  };

  const loading =
    (id !== null && produit.isPending) ||
    unites.isPending ||
    categories.isPending ||
    (id === null && defaultTva.isPending) ||
    devise === null;
  const image = id === null ? null : (produit.data?.image ?? null);
  return (
    <div className="card-surface">
      <PageHeader title={id === null ? 'Nouveau produit' : 'Modifier le produit'}>
        <Button
          type="button"
          label="Annuler"
          icon="pi pi-times"
          text
          onClick={() => void navigate(id === null ? '/pages/produits' : `/pages/produits/${id}`)}
        />
        <Button
          type="submit"
          form={FORM_ID}
          label="Enregistrer"
          icon="pi pi-check"
          loading={saving}
          disabled={loading}
        />
      </PageHeader>
      {produit.isError && (
        <Message
          severity="error"
          text={errorMessage(produit.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {loading && !produit.isError && <p role="status">Chargement…</p>}
      {!loading && devise !== null && (id === null || produit.data) && (
        <>
          <div className="flex flex-wrap align-items-center gap-3 mb-3">
            <ImageUpload
              src={image}
              alt="Photo du produit"
              emptyLabel="Aucune photo"
              size={96}
              chooseLabel="Choisir une photo"
              removeLabel="Supprimer la photo"
              busy={upload.isPending || removeImage.isPending}
              onPick={(file) =>
                id === null
                  ? setPending(file)
                  : upload.mutate(
                      { id, file },
                      {
                        onSuccess: () =>
                          feedback.success(
                            'Photo enregistrée',
                            'La photo du produit a été mise à jour.',
                          ),
                        onError: feedback.actionError('Photo refusée'),
                      },
                    )
              }
              onRemove={
                id === null
                  ? null
                  : () =>
                      removeImage.mutate(id, {
                        onSuccess: () =>
                          feedback.success('Photo supprimée', 'Le produit n’a plus de photo.'),
                        onError: feedback.actionError('Suppression impossible'),
                      })
              }
              onTooLarge={() =>
                toast({
                  severity: 'error',
                  summary: 'Photo refusée',
                  detail: 'La photo ne doit pas dépasser 5 Mo.',
                })
              }
              testId="produit-photo"
            />
            <small className="text-color-secondary">
              {pending
                ? `Photo choisie : ${pending.name}, envoyée à l'enregistrement.`
                : IMAGE_HINT}
            </small>
          </div>
          <ProduitForm
            key={produit.data?.id ?? 'new'}
            formId={FORM_ID}
            produit={id === null ? null : (produit.data ?? null)}
            devise={devise}
            categories={categories.data ?? []}
            marques={owner ? (marques.data ?? []) : null}
            unites={unites.data ?? []}
            defaultTva={defaultTva.data ?? 0}
            serverErrors={fieldErrorsOf(id === null ? create.error : update.error)}
            onSave={save}
          />
        </>
      )}
    </div>
  );
}

/** /pages/produits/add and /pages/produits/:id/edit: the product's form, its photo. */
export default function ProduitFormRoute() {
  const { id } = useParams();
  if (id !== undefined && !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  const produitId = id === undefined ? null : Number(id);
  return (
    <WithShop>
      {(serviceId) => (
        <ProduitEditor key={`${serviceId}-${id ?? 'new'}`} serviceId={serviceId} id={produitId} />
      )}
    </WithShop>
  );
}
