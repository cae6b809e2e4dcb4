import { reglementFournisseurInputSchema, type ReglementFournisseur } from '@comptoir/shared';
import {
  ReglementDettesDialog,
  type DocumentOuvert,
} from '../../../components/document/ReglementDettesDialog';
import { useReglementFournisseur } from '../api';

/** A validated purchase with something left to pay. */
export type AchatOuvert = DocumentOuvert;

interface Props {
  serviceId: number;
  fournisseurId: number;
  devise: string;
  /** Oldest first. */
  achats: readonly AchatOuvert[];
  /** The purchase the payment is for (from its detail); null: oldest first. */
  achatId?: number | null;
  onDone: (reglement: ReglementFournisseur) => void;
  onHide: () => void;
}

/**
 * « Payer le fournisseur »: an amount in any mode, on the chosen purchase, else on the oldest
 * first; never more than owed. What is owed is offered by default, and choosing a purchase sets
 * the amount to what it owes.
 */
export function ReglementFournisseurDialog(props: Props) {
  const create = useReglementFournisseur(props.serviceId, props.fournisseurId);
  return (
    <ReglementDettesDialog
      header="Payer le fournisseur"
      formLabel="Paiement du fournisseur"
      idPrefix="reglement-fournisseur"
      soldeLabel="Dû au fournisseur"
      choix={{
        field: 'achatId',
        id: 'achat',
        label: 'Achat à régler',
        tous: 'Les plus anciens d’abord',
      }}
      documents={props.achats}
      initial={props.achatId ?? null}
      montantDuChoix
      schema={reglementFournisseurInputSchema}
      mutation={create}
      errorTitle="Paiement impossible"
      devise={props.devise}
      onDone={props.onDone}
      onHide={props.onHide}
    />
  );
}
