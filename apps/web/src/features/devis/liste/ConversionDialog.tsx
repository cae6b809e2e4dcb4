import { exigencesReste, formatMoney, resumePaiements, type Devis } from '@comptoir/shared';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { EcheanceInput } from '../../../components/document/EcheanceInput';
import { PaiementsEditor } from '../../../components/document/PaiementsEditor';
import type { PaymentDraft } from '../../../components/document/payment';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { useDevisAction } from '../api';

interface Props {
  serviceId: number;
  devis: Devis;
  onHide: () => void;
  onDone: (devis: Devis) => void;
}

/**
 * « Convertir en vente »: the accepted quote becomes a sale at its prices, with these payments;
 * the rest is the customer's debt, due on the chosen day. « Facturer aussi » issues the sale's
 * invoice in the same step (both or neither).
 */
export function ConversionDialog({ serviceId, devis, onHide, onDone }: Props) {
  const action = useDevisAction(serviceId, devis.id);
  const [paiements, setPaiements] = useState<PaymentDraft[]>([]);
  const [echeance, setEcheance] = useState<string | null>(null);
  const [facturer, setFacturer] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  // The conversion's key, kept across retries of this dialog.
  const [cle] = useState(newCleIdempotence);
  const total = devis.totalTtc;
  const resume = resumePaiements(total, paiements);
  const errors = { ...fieldErrorsOf(action.error), ...local };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...resume.erreurs,
      ...exigencesReste(resume.reste, devis.client, echeance),
    };
    setLocal(found);
    if (Object.keys(found).length > 0) return;
    action.mutate(
      {
        type: 'conversion',
        body: {
          cleIdempotence: cle,
          paiements: resume.paiements,
          echeance: resume.reste > 0 ? echeance : null,
          facture: facturer ? {} : null,
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <FormDialog
      header={`Convertir le devis ${devis.numero ?? ''} en vente`}
      visible
      onHide={onHide}
      formId="devis-conversion"
      saving={action.isPending}
      width="48rem"
    >
      <form id="devis-conversion" onSubmit={submit} noValidate aria-label="Conversion en vente">
        {action.isError && (
          <Message
            severity="error"
            text={errorMessage(action.error)}
            className="w-full justify-content-start mb-3"
            data-testid="conversion-erreur"
          />
        )}
        <p className="mt-0">
          {`Vente de ${formatMoney(total, devis.devise)} aux prix du devis, au client ${devis.client.nom} ; le stock est vérifié maintenant.`}
        </p>
        <PaiementsEditor
          total={total}
          devise={devis.devise}
          drafts={paiements}
          resume={resume}
          onChange={setPaiements}
        />
        {errors['paiements'] && <small className="field-error">{errors['paiements']}</small>}
        {resume.reste > 0 && (
          <FormField
            id="conversion-echeance"
            label={`Échéance du reste à payer (${formatMoney(resume.reste, devis.devise)})`}
            error={errors['echeance']}
            className="field mt-3"
            hint="Le reste devient une dette du client."
          >
            <EcheanceInput
              id="conversion-echeance"
              value={echeance}
              onChange={setEcheance}
              invalid={Boolean(errors['echeance'])}
            />
          </FormField>
        )}
        <div className="flex align-items-center gap-2 mt-3">
          <Checkbox
            inputId="conversion-facturer"
            checked={facturer}
            onChange={(e) => setFacturer(e.checked === true)}
          />
          <label htmlFor="conversion-facturer">
            Facturer aussi : la facture de la vente est émise en même temps
          </label>
        </div>
      </form>
    </FormDialog>
  );
}
