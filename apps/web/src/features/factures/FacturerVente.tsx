import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { useFeedback } from '../../lib/use-feedback';
import { useSession } from '../../lib/use-session';
import { AcheteurDialog } from './AcheteurDialog';
import { useCreateFacture, useFactures } from './api';

interface Props {
  serviceId: number;
  vente: { id: number; numero: string; client: { id: number } | null; statut: string };
}

/**
 * On a sale's detail, for the owner: the link to its invoice, or « Facturer », which issues it
 * to the sale's customer; for a sale without customer, the buyer is chosen or created with a
 * billing address first (AcheteurDialog). A wholly returned sale is not invoiced.
 */
export function FacturerVente({ serviceId, vente }: Props) {
  const { role } = useSession();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const factures = useFactures(serviceId, { venteId: vente.id, page: 1, size: 1 }, owner);
  const create = useCreateFacture(serviceId);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [cle] = useState(newCleIdempotence);
  const [acheteur, setAcheteur] = useState(false);
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
    vente.statut === 'retournee' ? 'Une vente entièrement retournée ne se facture pas.' : null;
  return (
    <>
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
          vente.client === null
            ? setAcheteur(true)
            : create.mutate(
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
      {acheteur && (
        <AcheteurDialog serviceId={serviceId} vente={vente} onHide={() => setAcheteur(false)} />
      )}
    </>
  );
}
