import type { ClientInput } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { confirmDuplicate, isDuplicateWarning } from '../../lib/duplicate';
import { fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import { useCreateClient } from '../clients/api';
import { ClientPicker, type ClientRef } from '../clients/ClientPicker';

interface Props {
  serviceId: number;
  client: ClientRef | null;
  onChange: (client: ClientRef | null) => void;
  error?: string | undefined;
}

/** The customer of the sale: found by name or phone, or created on the spot with a name and a phone. */
export function ClientSection({ serviceId, client, onChange, error }: Props) {
  const [creating, setCreating] = useState(false);
  const [nom, setNom] = useState('');
  const [telephone, setTelephone] = useState('');
  const create = useCreateClient(serviceId);
  const feedback = useFeedback();
  const serverErrors = isDuplicateWarning(create.error) ? {} : fieldErrorsOf(create.error);

  const save = (confirmerDoublon = false) => {
    const body: ClientInput = {
      nom: nom.trim(),
      telephone: telephone.trim() || null,
      email: null,
      adresse: null,
      notes: null,
      plafondCredit: null,
      actif: true,
      ...(confirmerDoublon ? { confirmerDoublon } : {}),
    };
    create.mutate(body, {
      onSuccess: (c) => {
        onChange({ id: c.id, nom: c.nom, telephone: c.telephone });
        setCreating(false);
        setNom('');
        setTelephone('');
        feedback.success('Client créé', `« ${c.nom} » a été ajouté.`);
      },
      onError: (e) => {
        if (isDuplicateWarning(e)) confirmDuplicate(e, () => save(true));
        else feedback.formError('Création impossible', ['nom', 'telephone'])(e);
      },
    });
  };

  if (creating)
    return (
      <fieldset
        className="formgrid grid border-1 surface-border border-round m-0 p-2"
        aria-label="Nouveau client"
      >
        <FormField
          id="nouveau-client-nom"
          label="Nom du client"
          error={serverErrors['nom']}
          className="field col-12 md:col-5"
        >
          <InputText
            id="nouveau-client-nom"
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            className="w-full"
            autoFocus
            {...fieldA11y('nouveau-client-nom', serverErrors['nom'])}
          />
        </FormField>
        <FormField
          id="nouveau-client-telephone"
          label="Téléphone du client"
          error={serverErrors['telephone']}
          className="field col-12 md:col-4"
        >
          <InputText
            id="nouveau-client-telephone"
            type="tel"
            value={telephone}
            onChange={(e) => setTelephone(e.target.value)}
            className="w-full"
            {...fieldA11y('nouveau-client-telephone', serverErrors['telephone'])}
          />
        </FormField>
        <div className="col-12 md:col-3 flex gap-2 align-items-center">
          <Button
            type="button"
            label="Créer le client"
            icon="pi pi-check"
            loading={create.isPending}
            disabled={!nom.trim()}
            onClick={() => save()}
          />
          <Button type="button" label="Annuler" text onClick={() => setCreating(false)} />
        </div>
      </fieldset>
    );
  return (
    <div className="field">
      <label htmlFor="vente-client">Client</label>
      <div className="flex flex-wrap gap-2 align-items-start">
        <div className="flex-1" style={{ minWidth: '14rem' }}>
          <ClientPicker
            serviceId={serviceId}
            inputId="vente-client"
            value={client}
            onChange={onChange}
            invalid={Boolean(error)}
            placeholder="Nom ou téléphone (facultatif)"
          />
        </div>
        <Button
          type="button"
          label="Nouveau client"
          icon="pi pi-user-plus"
          outlined
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        />
      </div>
      {error && (
        <small id="vente-client-error" className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
