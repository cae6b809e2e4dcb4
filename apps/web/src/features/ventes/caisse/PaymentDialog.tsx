import { formatMoney, resumePaiements } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EcheanceInput } from '../../../components/document/EcheanceInput';
import { PaiementsEditor, paymentAmountId } from '../../../components/document/PaiementsEditor';
import { dayPlus, newDraft, type PaymentDraft } from '../../../components/document/payment';

interface Props {
  total: number;
  devise: string;
  hasClient: boolean;
  /** The chosen customer's available credit, offered as an « Avoir » payment. */
  avoirDisponible: number;
  /** The customer picker, shown when something is left unpaid. */
  customer: ReactNode;
  submitting: boolean;
  /** The server's refusal, in French (credit limit, stock…): the cart is kept. */
  error: string | null;
  onClose: () => void;
  onSubmit: (paiements: readonly PaymentDraft[], echeance: string | null) => void;
}

/**
 * Payment of the sale at the counter: the payment editor, opened on a cash row (type what the
 * customer hands over, Ctrl+Entrée). What is left unpaid becomes a debt with a due date (30 days
 * by default) and needs a customer. Échap closes.
 */
export function PaymentDialog({
  total,
  devise,
  hasClient,
  avoirDisponible,
  customer,
  submitting,
  error,
  onClose,
  onSubmit,
}: Props) {
  const [drafts, setDrafts] = useState<PaymentDraft[]>(() => [newDraft('especes')]);
  const [echeance, setEcheance] = useState<string | null>(() => dayPlus(30));
  const resume = useMemo(
    () => resumePaiements(total, drafts, avoirDisponible),
    [total, drafts, avoirDisponible],
  );
  const money = (m: number) => formatMoney(m, devise);
  const needsClient = resume.reste > 0 && !hasClient;
  const blocked = resume.erreur !== null || needsClient || (resume.reste > 0 && !echeance);

  const validate = () => {
    if (blocked || submitting) return;
    onSubmit(drafts, resume.reste > 0 ? echeance : null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      validate();
    }
  };

  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Annuler (Échap)" severity="secondary" text onClick={onClose} />
      <Button
        type="button"
        label="Valider la vente (Ctrl+Entrée)"
        icon="pi pi-check"
        onClick={validate}
        disabled={blocked}
        loading={submitting}
      />
    </div>
  );

  return (
    <Dialog
      header={`Paiement — ${money(total)}`}
      visible
      onHide={onClose}
      // The keyboard goes straight to the first amount (cash handed over): type it, Ctrl+Entrée.
      focusOnShow={false}
      onShow={() => {
        const first = drafts[0];
        if (first) document.getElementById(paymentAmountId(first))?.focus();
      }}
      footer={footer}
      className="pos-pay-dialog"
      breakpoints={{ '640px': '100vw' }}
      modal
    >
      <div
        className="flex flex-column gap-3"
        onKeyDown={onKeyDown}
        role="form"
        aria-label="Paiement"
      >
        {error && <Message severity="error" text={error} className="justify-content-start" />}
        <PaiementsEditor
          total={total}
          devise={devise}
          drafts={drafts}
          resume={resume}
          onChange={setDrafts}
          keepOne
          avoirDisponible={avoirDisponible}
        />
        {resume.reste > 0 && (
          <div className="flex flex-column gap-2">
            <div className="flex flex-column gap-1">
              <label htmlFor="pay-echeance">
                Échéance du reste ({money(resume.reste)} à crédit)
              </label>
              <EcheanceInput id="pay-echeance" value={echeance} onChange={setEcheance} />
            </div>
            {needsClient && (
              <Message
                severity="warn"
                text={`Le reste à payer (${money(resume.reste)}) exige un client : choisissez-le ou créez-le.`}
                className="justify-content-start"
              />
            )}
            {customer}
          </div>
        )}
      </div>
    </Dialog>
  );
}
