import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { useFeedback } from '../../lib/use-feedback';
import { useSession } from '../../lib/use-session';
import { useCreateFacture, useFactures } from './api';

interface Props {
  serviceId: number;
  vente: { id: number; client: { id: number } | null; statut: string };
}

/**
 * On a sale's detail, for the owner: the link to its invoice, or « Facturer », which issues it
 * (the sale's customer; a sale without customer or wholly returned is not invoiced here).
 */
export function FacturerVente({ serviceId, vente }: Props) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const factures = useFactures(serviceId, { venteId: vente.id, page: 1, size: 1 }, owner);
  const create = useCreateFacture(serviceId);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [cle] = useState(newCleIdempotence);
  if (!owner || factures.isPending) return null;
  const facture = factures.data?.items[0];
  if (facture)
    return (
      <Link
        to={`/pages/factures/${facture.id}`}
        className="p-button p-button-outlined no-underline"
      >
        {`Facture ${facture.numero}`}
      </Link>
    );
  const impossible =
    vente.client === null
      ? 'Une vente sans client se facture par une facture récapitulative.'
      : vente.statut === 'retournee'
        ? 'Une vente entièrement retournée ne se facture pas.'
        : null;
  return (
    <Button
      type="button"
      label="Facturer"
      icon="pi pi-file"
      outlined
      loading={create.isPending}
      disabled={impossible !== null}
      tooltip={impossible ?? undefined}
      tooltipOptions={{ showOnDisabled: true }}
      onClick={() =>
        create.mutate(
          { cleIdempotence: cle, venteIds: [vente.id] },
          {
            onSuccess: (f) => {
              feedback.success('Facture émise', `La facture ${f.numero} est émise.`);
              void navigate(`/pages/factures/${f.id}`);
            },
            onError: feedback.actionError('Facturation impossible'),
          },
        )
      }
    />
  );
}
