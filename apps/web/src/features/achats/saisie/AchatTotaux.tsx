import {
  formatMoney,
  type AchatCalcule,
  type FraisAchatMontants,
  type ResumePaiements,
} from '@comptoir/shared';
import { FormField } from '../../../components/FormField';
import { MoneyInput } from '../../../components/MoneyInput';

const FRAIS: [keyof FraisAchatMontants, string][] = [
  ['transport', 'Transport'],
  ['douane', 'Douane'],
  ['manutention', 'Manutention'],
];

interface FraisProps {
  frais: FraisAchatMontants;
  devise: string;
  errors: Record<string, string>;
  onChange: (frais: FraisAchatMontants) => void;
}

/** The extra costs of the purchase, spread over its lines by value. */
export function FraisFields({ frais, devise, errors, onChange }: FraisProps) {
  return (
    <div className="formgrid grid">
      {FRAIS.map(([key, label]) => (
        <FormField
          key={key}
          id={`achat-frais-${key}`}
          label={label}
          error={errors[`frais.${key}`]}
          className="field col-12 md:col-4"
        >
          <MoneyInput
            id={`achat-frais-${key}`}
            value={frais[key] || null}
            onChange={(v) => onChange({ ...frais, [key]: v ?? 0 })}
            devise={devise}
            error={errors[`frais.${key}`]}
          />
        </FormField>
      ))}
    </div>
  );
}

interface TotauxProps {
  calc: AchatCalcule;
  resume: ResumePaiements;
  devise: string;
}

/** The figures of the purchase: discounts (when any), goods net of them, extra costs, total, paid at validation, left owed. */
export function AchatTotaux({ calc, resume, devise }: TotauxProps) {
  const remises: [string, number, boolean][] =
    calc.totalRemises > 0
      ? [
          ['Avant remises', calc.totalBrut, false],
          ['Remises', -calc.totalRemises, false],
        ]
      : [];
  const rows: [string, number, boolean][] = [
    ...remises,
    ['Marchandises', calc.totalMarchandises, false],
    ['Frais', calc.totalFrais, false],
    ['Total', calc.total, true],
    ['Payé', resume.paye, false],
    ['Reste dû au fournisseur', resume.reste, true],
  ];
  return (
    <dl
      className="m-0"
      style={{ minWidth: '18rem' }}
      aria-label="Totaux"
      data-testid="achat-totaux"
    >
      {rows.map(([label, value, bold]) => (
        <div
          key={label}
          className={`flex justify-content-between gap-3 ${bold ? 'font-bold' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="m-0 white-space-nowrap" data-testid={`total-${label}`}>
            {formatMoney(value, devise)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
