import { formatMoney, type Remise, type VenteCalculee } from '@comptoir/shared';
import { RemiseInput } from '../../../components/document/RemiseInput';

interface Props {
  calc: VenteCalculee;
  devise: string;
  assujettiTva: boolean;
  remiseGlobale: Remise | null;
  onRemiseGlobale: (remise: Remise | null) => void;
  empty: boolean;
  onNewSale: () => void;
  onPay: () => void;
}

/** Under the cart: global discount, discounts, VAT, total, and the two actions. */
export function PosTotals({
  calc,
  devise,
  assujettiTva,
  remiseGlobale,
  onRemiseGlobale,
  empty,
  onNewSale,
  onPay,
}: Props) {
  const money = (m: number) => formatMoney(m, devise);
  return (
    <div className="pos-totals">
      <div className="pos-total-row">
        <label htmlFor="pos-remise-globale">Remise globale</label>
        <RemiseInput
          id="pos-remise-globale"
          label="Remise globale"
          value={remiseGlobale}
          devise={devise}
          onChange={onRemiseGlobale}
        />
      </div>
      {calc.totalRemises > 0 && (
        <div className="pos-total-row">
          <span>Remises</span>
          <span data-testid="pos-remises">-{money(calc.totalRemises)}</span>
        </div>
      )}
      {assujettiTva && (
        <div className="pos-total-row text-color-secondary">
          <span>dont TVA</span>
          <span>{money(calc.totalTva)}</span>
        </div>
      )}
      <div className="pos-total-row pos-grand-total">
        <span>Total</span>
        <span data-testid="pos-total">{money(calc.totalTtc)}</span>
      </div>
      <div className="pos-actions">
        <button
          type="button"
          className="p-button p-button-secondary p-button-outlined"
          onClick={onNewSale}
        >
          Nouvelle vente (F6)
        </button>
        <button type="button" className="p-button pos-pay-button" onClick={onPay} disabled={empty}>
          Payer (F8) {money(calc.totalTtc)}
        </button>
      </div>
    </div>
  );
}
