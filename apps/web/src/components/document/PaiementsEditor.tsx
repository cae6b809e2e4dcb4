import {
  MODE_SAISI_LABELS,
  MODES_PAIEMENT,
  OPERATEURS_MOBILE,
  formatMoney,
  type ModeSaisi,
  type ResumePaiements,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { MoneyInput } from '../MoneyInput';
import { newDraft, type PaymentDraft } from './payment';
import './document.css';

interface Props {
  /** What the payments are for (the document's total). */
  total: number;
  devise: string;
  drafts: readonly PaymentDraft[];
  /** resumePaiements(total, drafts), computed once by the screen. */
  resume: ResumePaiements;
  onChange: (drafts: PaymentDraft[]) => void;
  /** Shows Total / Payé / Monnaie à rendre / Reste à payer under the rows. */
  showSummary?: boolean;
  /** At least one row stays (the POS keeps its cash row). */
  keepOne?: boolean;
  /** The chosen customer's available credit (a sale): shown, and offered as an « Avoir » row. */
  avoirDisponible?: number;
}

/** The id of a payment's amount field (cash: what the customer hands over). */
export const paymentAmountId = (d: PaymentDraft) => `pay-${d.key}-montant`;

/**
 * The payments of a document: one or several (cash with amount tendered and change, mobile
 * money with operator and reference, card, transfer, cheque, and for a sale the customer's
 * available credit), spread by resumePaiements. A new payment is for what is still due.
 */
export function PaiementsEditor({
  total,
  devise,
  drafts,
  resume,
  onChange,
  showSummary = true,
  keepOne = false,
  avoirDisponible = 0,
}: Props) {
  const money = (m: number) => formatMoney(m, devise);
  const update = (key: number, patch: Partial<PaymentDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const add = (mode: ModeSaisi) => {
    const du = mode === 'avoir' ? Math.min(resume.reste, avoirDisponible) : resume.reste;
    const d = newDraft(mode, du || null);
    onChange([...drafts, d]);
    setTimeout(() => document.getElementById(paymentAmountId(d))?.focus(), 0);
  };
  const avoirPris = drafts.some((d) => d.mode === 'avoir');
  return (
    <div className="flex flex-column gap-3">
      {avoirDisponible > 0 && (
        <p className="m-0" data-testid="avoir-disponible">
          Avoir disponible{'\u00A0'}: <strong>{money(avoirDisponible)}</strong>
        </p>
      )}
      {drafts.map((d, i) => (
        <fieldset
          key={d.key}
          className="doc-pay-row"
          aria-label={`Paiement ${i + 1} : ${MODE_SAISI_LABELS[d.mode]}`}
        >
          <legend>{MODE_SAISI_LABELS[d.mode]}</legend>
          <div className="doc-pay-fields">
            <div className="flex flex-column gap-1">
              <label htmlFor={paymentAmountId(d)}>
                {d.mode === 'especes' ? 'Montant reçu' : 'Montant'}
              </label>
              <MoneyInput
                live
                id={paymentAmountId(d)}
                value={d.mode === 'especes' ? d.recu : d.montant}
                onChange={(v) => update(d.key, d.mode === 'especes' ? { recu: v } : { montant: v })}
                devise={devise}
              />
            </div>
            {d.mode === 'mobile_money' && (
              <div className="flex flex-column gap-1">
                <label htmlFor={`pay-${d.key}-operateur`}>Opérateur</label>
                <InputText
                  id={`pay-${d.key}-operateur`}
                  list="doc-operateurs"
                  value={d.operateur}
                  onChange={(e) => update(d.key, { operateur: e.target.value })}
                />
              </div>
            )}
            {d.mode !== 'especes' && d.mode !== 'avoir' && (
              <div className="flex flex-column gap-1">
                <label htmlFor={`pay-${d.key}-reference`}>Référence</label>
                <InputText
                  id={`pay-${d.key}-reference`}
                  value={d.reference}
                  maxLength={80}
                  onChange={(e) => update(d.key, { reference: e.target.value })}
                />
              </div>
            )}
            {(drafts.length > 1 || !keepOne) && (
              <Button
                type="button"
                icon="pi pi-times"
                text
                severity="danger"
                aria-label={`Retirer le paiement ${i + 1}`}
                onClick={() => onChange(drafts.filter((x) => x.key !== d.key))}
              />
            )}
          </div>
        </fieldset>
      ))}
      <datalist id="doc-operateurs">
        {OPERATEURS_MOBILE.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Ajouter un paiement">
        {MODES_PAIEMENT.map((m) => (
          <Button
            key={m}
            type="button"
            size="small"
            outlined
            icon="pi pi-plus"
            label={MODE_SAISI_LABELS[m]}
            onClick={() => add(m)}
            disabled={drafts.length >= 10}
          />
        ))}
        {avoirDisponible > 0 && !avoirPris && (
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-plus"
            label={MODE_SAISI_LABELS.avoir}
            onClick={() => add('avoir')}
            disabled={drafts.length >= 10 || resume.reste <= 0}
          />
        )}
      </div>
      {showSummary && (
        <dl className="doc-pay-summary">
          <dt>Total</dt>
          <dd>{money(total)}</dd>
          <dt>Payé</dt>
          <dd data-testid="pay-paye">{money(resume.paye)}</dd>
          <dt>Monnaie à rendre</dt>
          <dd data-testid="pay-rendu" className="doc-pay-change">
            {money(resume.rendu)}
          </dd>
          <dt>Reste à payer</dt>
          <dd data-testid="pay-reste">{money(resume.reste)}</dd>
        </dl>
      )}
      {resume.erreur && (
        <Message severity="warn" text={resume.erreur} className="justify-content-start" />
      )}
    </div>
  );
}
