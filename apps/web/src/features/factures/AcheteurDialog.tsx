import type { TiersRef } from '@comptoir/shared';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { TiersPicker, type NewTiers } from '../../components/document/TiersPicker';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { errorMessage } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { createClient, searchClients, useClient, useFacturerAcheteur } from './api';

interface Props {
  serviceId: number;
  vente: { id: number; numero: string };
  onHide: () => void;
}

/**
 * « Facturer » a sale without customer (docs/regles-metier.md, « Factures »): an invoice names its
 * buyer, so the owner picks the customer or creates one, and gives (or confirms) the billing
 * address, saved on the customer's record; then the invoice is issued to that customer.
 */
export function AcheteurDialog({ serviceId, vente, onHide }: Props) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [client, setClient] = useState<TiersRef | null>(null);
  const [adresse, setAdresse] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cle] = useState(newCleIdempotence);
  const fiche = useClient(serviceId, client?.id ?? null);
  const facturer = useFacturerAcheteur(serviceId);
  const valeur = adresse ?? fiche.data?.adresse ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!client) found['client'] = 'Choisissez ou créez le client à qui adresser la facture.';
    if (!valeur.trim())
      found['adresse'] = 'Une facture porte l’adresse de facturation de l’acheteur.';
    setErrors(found);
    if (!client || !fiche.data || Object.keys(found).length > 0) return;
    // Not mutate's own callbacks: the sale's page refreshes with its new invoice, which closes
    // this dialog before they would run (an unmounted observer calls none); the promise still ends.
    facturer
      .mutateAsync({
        client: fiche.data,
        adresse: valeur.trim(),
        body: { cleIdempotence: cle, venteIds: [vente.id], clientId: client.id },
      })
      .then((f) => {
        feedback.success('Facture émise', `La facture ${f.numero} est émise.`);
        void navigate(`/pages/factures/${f.id}`);
      })
      .catch(() => undefined); // shown in the dialog (facturer.error)
  };

  return (
    <FormDialog
      header={`Facturer la vente ${vente.numero}`}
      visible
      onHide={onHide}
      formId="facture-acheteur"
      saving={facturer.isPending}
      submitLabel="Émettre la facture"
    >
      <form id="facture-acheteur" onSubmit={submit} noValidate className="flex flex-column gap-2">
        <p className="m-0 text-color-secondary">
          Cette vente n’a pas de client : une facture nomme son acheteur, avec son adresse de
          facturation.
        </p>
        <FormField id="acheteur-client" label="Client" error={errors['client']}>
          <TiersPicker
            type="client"
            inputId="acheteur-client"
            placeholder="Nom ou téléphone"
            value={client}
            onChange={(c) => {
              setClient(c);
              setAdresse(null);
            }}
            search={(q) => searchClients(serviceId, q)}
            create={(b: NewTiers) => createClient(serviceId, b)}
            invalid={Boolean(errors['client'])}
          />
        </FormField>
        <FormField
          id="acheteur-adresse"
          label="Adresse de facturation"
          error={errors['adresse']}
          hint={client ? 'Enregistrée sur la fiche du client.' : undefined}
        >
          <InputTextarea
            id="acheteur-adresse"
            value={valeur}
            onChange={(e) => setAdresse(e.target.value)}
            rows={2}
            autoResize
            disabled={client === null || fiche.isPending}
            invalid={Boolean(errors['adresse'])}
            className="w-full"
          />
        </FormField>
        {facturer.isError && (
          <Message
            severity="error"
            text={errorMessage(facturer.error)}
            className="w-full justify-content-start"
          />
        )}
      </form>
    </FormDialog>
  );
}
