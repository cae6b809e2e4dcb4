import type { Achat, TiersRef } from '@comptoir/shared';
import { useState, type FormEvent } from 'react';
import { TiersPicker } from '../../../components/document/TiersPicker';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { QuantityInput } from '../../../components/QuantityInput';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { fieldErrorsOf } from '../../../lib/errors';
import { useShopToday } from '../../../lib/shop';
import { useFeedback } from '../../../lib/use-feedback';
import { searchFournisseurs, useReapprovisionnement } from '../api';

interface Props {
  serviceId: number;
  onDone: (achat: Achat) => void;
  onHide: () => void;
}

const FORM_ID = 'reappro-form';

/**
 * « Brouillon depuis les stocks bas »: one draft for a supplier with every active product at or
 * under its alert threshold, up to the threshold plus a chosen cover, at its last cost.
 */
export function ReapproDialog({ serviceId, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const [fournisseur, setFournisseur] = useState<TiersRef | null>(null);
  const [couverture, setCouverture] = useState<number | null>(0);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const reappro = useReapprovisionnement(serviceId);
  const today = useShopToday();
  const feedback = useFeedback();
  const errors = { ...fieldErrorsOf(reappro.error), ...localErrors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fournisseur) return setLocalErrors({ fournisseurId: 'Choisissez le fournisseur.' });
    setLocalErrors({});
    reappro.mutate(
      {
        cleIdempotence: cle,
        fournisseurId: fournisseur.id,
        date: today,
        couverture: couverture ?? 0,
      },
      {
        onSuccess: onDone,
        onError: feedback.formError('Brouillon impossible', ['fournisseurId', 'couverture']),
      },
    );
  };
  return (
    <FormDialog
      header="Brouillon depuis les stocks bas"
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={reappro.isPending}
      width="32rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Brouillon depuis les stocks bas">
        <p className="m-0 mb-3 text-color-secondary">
          Les produits au seuil d’alerte ou en dessous sont commandés jusqu’au seuil, plus la
          couverture choisie, à leur dernier coût.
        </p>
        <FormField id="reappro-fournisseur" label="Fournisseur" error={errors['fournisseurId']}>
          <TiersPicker
            type="fournisseur"
            inputId="reappro-fournisseur"
            value={fournisseur}
            onChange={setFournisseur}
            search={(q) => searchFournisseurs(serviceId, q)}
            placeholder="Nom ou téléphone"
            invalid={Boolean(errors['fournisseurId'])}
          />
        </FormField>
        <FormField
          id="reappro-couverture"
          label="Couverture (quantité en plus du seuil)"
          error={errors['couverture']}
        >
          <QuantityInput
            id="reappro-couverture"
            value={couverture}
            onChange={setCouverture}
            fractionnable={false}
            min={0}
            error={errors['couverture']}
          />
        </FormField>
      </form>
    </FormDialog>
  );
}
