import {
  MOUVEMENT_CAISSE_LABELS,
  MOUVEMENT_CAISSE_TYPES,
  type MouvementCaisseType,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { errorMessage } from '../../lib/errors';
import { useCategoriesDepenses, useMouvement } from './api';

interface Props {
  serviceId: number;
  sessionId: number;
  devise: string;
  onClose: () => void;
}

/** Cash in or out of the open session: apport, retrait, or an expense paid from the drawer. */
export function MouvementDialog({ serviceId, sessionId, devise, onClose }: Props) {
  const [type, setType] = useState<MouvementCaisseType>('apport');
  const [montant, setMontant] = useState<number | null>(null);
  const [motif, setMotif] = useState('');
  const [categorieId, setCategorieId] = useState<number | null>(null);
  // One key per dialog: a retry after a lost answer records the movement once.
  const [cle] = useState(newCleIdempotence);
  const categories = useCategoriesDepenses(serviceId, type === 'depense');
  const mouvement = useMouvement(serviceId, sessionId);
  const submit = () =>
    mouvement.mutate(
      {
        cleIdempotence: cle,
        type,
        montant: montant ?? 0,
        motif,
        categorieId: type === 'depense' ? categorieId : null,
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog
      header="Mouvement de caisse"
      visible
      onHide={onClose}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '100vw' }}
      modal
    >
      <SelectButton
        value={type}
        options={MOUVEMENT_CAISSE_TYPES.map((t) => ({
          label: MOUVEMENT_CAISSE_LABELS[t],
          value: t,
        }))}
        onChange={(e) => e.value && setType(e.value as MouvementCaisseType)}
        allowEmpty={false}
        aria-label="Type de mouvement"
        className="mb-3"
      />
      <FormField id="mouvement-montant" label="Montant">
        <MoneyInput
          id="mouvement-montant"
          value={montant}
          onChange={setMontant}
          devise={devise}
          live
        />
      </FormField>
      <FormField id="mouvement-motif" label="Motif">
        <InputText
          id="mouvement-motif"
          value={motif}
          onChange={(e) => setMotif(e.target.value)}
          className="w-full"
          maxLength={200}
        />
      </FormField>
      {type === 'depense' && (
        <FormField id="mouvement-categorie" label="Catégorie de la dépense">
          <Dropdown
            inputId="mouvement-categorie"
            value={categorieId}
            options={categories.data ?? []}
            optionLabel="nom"
            optionValue="id"
            onChange={(e) => setCategorieId(e.value as number)}
            placeholder="Choisir"
            className="w-full"
          />
        </FormField>
      )}
      {mouvement.isError && (
        <p className="field-error" role="alert">
          {errorMessage(mouvement.error)}
        </p>
      )}
      <div className="flex justify-content-end gap-2">
        <Button label="Annuler" severity="secondary" outlined onClick={onClose} />
        <Button
          label="Enregistrer"
          icon="pi pi-check"
          loading={mouvement.isPending}
          onClick={submit}
        />
      </div>
    </Dialog>
  );
}
