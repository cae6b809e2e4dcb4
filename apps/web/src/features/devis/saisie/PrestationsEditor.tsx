import { formatMoney } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MoneyInput } from '../../../components/MoneyInput';
import { NumberField, formatScaled, parseScaled } from '../../../components/document/NumberField';
import { RemiseInput } from '../../../components/document/RemiseInput';
import { nouvellePrestation, type Prestation } from './devis-saisie';

interface Props {
  prestations: readonly Prestation[];
  onChange: (next: Prestation[]) => void;
  /** Each row's amount after every discount (calculerDevis, in the rows' order). */
  montants: readonly number[];
  devise: string;
  /** The rate a new row takes (the shop's default; 0 when it is not liable to VAT). */
  tauxDefaut: number;
  /** False: the shop is not liable to VAT, no rate to type. */
  assujettiTva: boolean;
  errors: Record<string, string>;
}

/**
 * The free-text lines of a quote (services: delivery, installation, advice): designation,
 * quantity, unit, price, VAT rate and discount, each row with its amount.
 */
export function PrestationsEditor(props: Props) {
  const { prestations, onChange, montants, devise, tauxDefaut, assujettiTva, errors } = props;
  const set = (key: number, patch: Partial<Prestation>) =>
    onChange(prestations.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  return (
    <div data-testid="devis-prestations">
      {prestations.length > 0 && (
        <ul className="doc-lines" aria-label="Prestations du devis">
          {prestations.map((p, i) => {
            const id = (f: string) => `prestation-${i}-${f}`;
            const err = (f: string) => errors[`prestation.${p.key}.${f}`];
            return (
              <li key={p.key} className="doc-line" data-testid="devis-prestation">
                <div className="formgrid grid w-full">
                  <div className="field col-12 md:col-6">
                    <label htmlFor={id('designation')}>Désignation</label>
                    <InputText
                      id={id('designation')}
                      value={p.designation}
                      maxLength={150}
                      onChange={(e) => set(p.key, { designation: e.target.value })}
                      invalid={Boolean(err('designation'))}
                      className="w-full"
                    />
                    {err('designation') && <small className="p-error">{err('designation')}</small>}
                  </div>
                  <div className="field col-6 md:col-3">
                    <label htmlFor={id('prix')}>Prix unitaire</label>
                    <MoneyInput
                      id={id('prix')}
                      value={p.prixUnitaire}
                      onChange={(prixUnitaire) => set(p.key, { prixUnitaire })}
                      devise={devise}
                      error={err('prixUnitaire') ?? null}
                      live
                    />
                    {err('prixUnitaire') && (
                      <small className="p-error">{err('prixUnitaire')}</small>
                    )}
                  </div>
                  <div className="field col-6 md:col-3 text-right">
                    <span className="block text-sm text-color-secondary">Montant</span>
                    <strong data-testid="devis-prestation-total">
                      {formatMoney(montants[i] ?? 0, devise)}
                    </strong>
                  </div>
                  <div className="field col-6 md:col-3">
                    <label htmlFor={id('quantite')}>Quantité</label>
                    <NumberField
                      id={id('quantite')}
                      inputMode="decimal"
                      text={formatScaled(p.quantite, 3)}
                      onText={(t) => {
                        const q = parseScaled(t, 3);
                        if (q !== null && q > 0) set(p.key, { quantite: q });
                      }}
                    />
                  </div>
                  <div className="field col-6 md:col-3">
                    <label htmlFor={id('unite')}>Unité</label>
                    <InputText
                      id={id('unite')}
                      value={p.uniteSymbole}
                      maxLength={20}
                      onChange={(e) => set(p.key, { uniteSymbole: e.target.value })}
                      className="w-full"
                    />
                  </div>
                  {assujettiTva && (
                    <div className="field col-6 md:col-2">
                      <label htmlFor={id('tva')}>TVA (%)</label>
                      <NumberField
                        id={id('tva')}
                        inputMode="decimal"
                        text={formatScaled(p.tauxTva, 2)}
                        onText={(t) => {
                          const v = t.trim() === '' ? 0 : parseScaled(t, 2);
                          if (v !== null && v <= 10000) set(p.key, { tauxTva: v });
                        }}
                      />
                    </div>
                  )}
                  <div className="field col-6 md:col-3">
                    <label htmlFor={id('remise')}>Remise</label>
                    <RemiseInput
                      id={id('remise')}
                      label={`Remise sur ${p.designation || 'la prestation'}`}
                      value={p.remise}
                      devise={devise}
                      onChange={(remise) => set(p.key, { remise })}
                    />
                  </div>
                  <div className="field col-12 md:col-1 flex align-items-end">
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={`Supprimer la prestation ${p.designation}`.trim()}
                      onClick={() => onChange(prestations.filter((x) => x.key !== p.key))}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        type="button"
        label="Ajouter une prestation"
        icon="pi pi-plus"
        outlined
        size="small"
        onClick={() => onChange([...prestations, nouvellePrestation(tauxDefaut)])}
      />
    </div>
  );
}
