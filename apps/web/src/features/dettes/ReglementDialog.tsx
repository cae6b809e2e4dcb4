import { reglementInputSchema, type Dette, type Reglement } from '@comptoir/shared';
import { useState } from 'react';
import { ReglementDettesDialog } from '../../components/document/ReglementDettesDialog';
import { CaissePicker, erreurCaisse } from '../caisses';
import { useCreateReglement } from './api';

interface Props {
  serviceId: number;
  clientId: number;
  devise: string;
  /** The customer's debts with something left, oldest first. */
  dettes: Dette[];
  onDone: (reglement: Reglement) => void;
  onHide: () => void;
}

/**
 * « Enregistrer un règlement »: an amount in any payment mode, allocated to the chosen debt, else
 * to the oldest debts first. The whole outstanding is offered by default and stays when a debt is
 * chosen. The money goes into an open register (« Caisse qui encaisse »); without one the
 * repayment is not sent.
 */
export function ReglementDialog({ serviceId, clientId, devise, dettes, onDone, onHide }: Props) {
  const create = useCreateReglement(serviceId, clientId);
  const [caisseId, setCaisseId] = useState<number | null>(null);
  return (
    <ReglementDettesDialog
      header="Enregistrer un règlement"
      formLabel="Règlement"
      idPrefix="reglement"
      soldeLabel="Encours du client"
      choix={{
        field: 'detteId',
        id: 'dette',
        label: 'Dette à régler',
        tous: 'Les plus anciennes d’abord',
      }}
      documents={dettes.map((d) => ({ id: d.id, numero: d.vente.numero, reste: d.reste }))}
      montantDuChoix={false}
      schema={reglementInputSchema}
      mutation={create}
      caisse={{
        id: caisseId,
        erreur: erreurCaisse('reglement', true, caisseId),
        picker: (error) => (
          <CaissePicker
            serviceId={serviceId}
            value={caisseId}
            onChange={setCaisseId}
            error={error}
            pour="reglement"
          />
        ),
      }}
      errorTitle="Règlement impossible"
      devise={devise}
      onDone={onDone}
      onHide={onHide}
    />
  );
}
