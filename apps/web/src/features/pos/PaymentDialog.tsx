import {
  MODE_PAIEMENT_LABELS,
  MODES_PAIEMENT,
  OPERATEURS_MOBILE,
  formatMoney,
  type ModePaiement,
  type PaiementInput,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { LiveMoneyInput } from './LiveMoneyInput';
import { dayPlus, resumePaiements, type PaymentDraft } from './payment';

interface Props {
  total: number;
  devise: string;
  hasClient: boolean;
  /** The customer picker, shown when something is left unpaid. */
  customer: ReactNode;
  submitting: boolean;
  /** The server's refusal, in French (credit limit, stock…): the cart is kept. */
  error: string | null;
  onClose: () => void;
  onSubmit: (paiements: PaiementInput[], echeance: string | null) => void;
}

let nextKey = 1;
const draft = (mode: ModePaiement, montant: number | null = null): PaymentDraft => ({
  key: nextKey++,
  mode,
  montant,
  recu: null,
  operateur: '',
  reference: '',
});

/**
 * Payment of the sale: one or several payments (cash with amount tendered and change, mobile
 * money with operator and reference, card, transfer, cheque). What is left unpaid becomes a debt
 * with a due date (30 days by default) and needs a customer. Ctrl+Entrée validates, Échap closes.
 */
export function PaymentDialog({
  total,
  devise,
  hasClient,
  customer,
  submitting,
  error,
  onClose,
  onSubmit,
}: Props) {
  const [drafts, setDrafts] = useState<PaymentDraft[]>(() => [draft('especes')]);
  const [echeance, setEcheance] = useState(() => dayPlus(30));
  const summary = useMemo(() => resumePaiements(total, drafts), [total, drafts]);
  const money = (m: number) => formatMoney(m, devise);
  const needsClient = summary.reste > 0 && !hasClient;
  const blocked = summary.erreur !== null || needsClient || (summary.reste > 0 && !echeance);

  const update = (key: number, patch: Partial<PaymentDraft>) =>
    setDrafts((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const add = (mode: ModePaiement) => {
    const d = draft(mode, mode === 'especes' ? null : summary.reste || null);
    setDrafts((ds) => [...ds, d]);
    setTimeout(() => document.getElementById(`pay-${d.key}-montant`)?.focus(), 0);
  };
  const validate = () => {
    if (blocked || submitting) return;
    onSubmit(summary.paiements, summary.reste > 0 ? echeance : null);
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
      onShow={() => document.getElementById(`pay-${drafts[0]?.key}-montant`)?.focus()}
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
        {drafts.map((d, i) => (
          <fieldset
            key={d.key}
            className="pos-pay-row"
            aria-label={`Paiement ${i + 1} : ${MODE_PAIEMENT_LABELS[d.mode]}`}
          >
            <legend>{MODE_PAIEMENT_LABELS[d.mode]}</legend>
            <div className="pos-pay-fields">
              <div className="flex flex-column gap-1">
                <label htmlFor={`pay-${d.key}-montant`}>
                  {d.mode === 'especes' ? 'Montant reçu' : 'Montant'}
                </label>
                <LiveMoneyInput
                  id={`pay-${d.key}-montant`}
                  value={d.mode === 'especes' ? d.recu : d.montant}
                  onChange={(v) =>
                    update(d.key, d.mode === 'especes' ? { recu: v } : { montant: v })
                  }
                  devise={devise}
                />
              </div>
              {d.mode === 'mobile_money' && (
                <div className="flex flex-column gap-1">
                  <label htmlFor={`pay-${d.key}-operateur`}>Opérateur</label>
                  <InputText
                    id={`pay-${d.key}-operateur`}
                    list="pos-operateurs"
                    value={d.operateur}
                    onChange={(e) => update(d.key, { operateur: e.target.value })}
                  />
                </div>
              )}
              {d.mode !== 'especes' && (
                <div className="flex flex-column gap-1">
                  <label htmlFor={`pay-${d.key}-reference`}>Référence</label>
                  <InputText
                    id={`pay-${d.key}-reference`}
                    value={d.reference}
                    onChange={(e) => update(d.key, { reference: e.target.value })}
                  />
                </div>
              )}
              {drafts.length > 1 && (
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  severity="danger"
                  aria-label={`Retirer le paiement ${i + 1}`}
                  onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))}
                />
              )}
            </div>
          </fieldset>
        ))}
        <datalist id="pos-operateurs">
          {OPERATEURS_MOBILE.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
        <div className="flex flex-wrap gap-2" aria-label="Ajouter un paiement">
          {MODES_PAIEMENT.map((m) => (
            <Button
              key={m}
              type="button"
              size="small"
              outlined
              icon="pi pi-plus"
              label={MODE_PAIEMENT_LABELS[m]}
              onClick={() => add(m)}
            />
          ))}
        </div>
        <dl className="pos-pay-summary">
          <dt>Total</dt>
          <dd>{money(total)}</dd>
          <dt>Payé</dt>
          <dd data-testid="pay-paye">{money(summary.paye)}</dd>
          <dt>Monnaie à rendre</dt>
          <dd data-testid="pay-rendu" className="pos-pay-change">
            {money(summary.rendu)}
          </dd>
          <dt>Reste à payer</dt>
          <dd data-testid="pay-reste">{money(summary.reste)}</dd>
        </dl>
        {summary.erreur && (
          <Message severity="warn" text={summary.erreur} className="justify-content-start" />
        )}
        {summary.reste > 0 && (
          <div className="flex flex-column gap-2">
            <div className="flex flex-column gap-1">
              <label htmlFor="pay-echeance">
                Échéance du reste ({money(summary.reste)} à crédit)
              </label>
              <Calendar
                inputId="pay-echeance"
                value={fromIsoDay(echeance)}
                onChange={(e) => setEcheance(e.value instanceof Date ? toIsoDay(e.value) : '')}
                dateFormat="dd/mm/yy"
                minDate={fromIsoDay(dayPlus(0)) ?? undefined}
                showIcon
              />
            </div>
            {needsClient && (
              <Message
                severity="warn"
                text={`Le reste à payer (${money(summary.reste)}) exige un client : choisissez-le ou créez-le.`}
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
