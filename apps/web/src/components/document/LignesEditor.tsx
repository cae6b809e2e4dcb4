import { deNom, formatMoney } from '@comptoir/shared';
import { memo, useMemo, type Dispatch, type KeyboardEvent } from 'react';
import type { CartAction, CartLine } from './cart';
import { moneyDigits } from '../../lib/money-input';
import { NumberField, formatScaled, parseScaled } from './NumberField';
import { RemiseInput } from './RemiseInput';
import type { CartFigures } from './use-cart-figures';
import './document.css';

/** The ids of a line's fields (the POS's F4 finds the quantity of the last line by its id). */
export interface LineIds {
  quantite: (produitId: number, index: number) => string;
  remise: (produitId: number, index: number) => string;
  /** A purchase: the unit cost is typed on the line (its field's id). */
  prix?: (produitId: number, index: number) => string;
}

interface RowProps {
  line: CartLine;
  index: number;
  prix: number;
  /** What the line's head shows (the POS: gross minus the line's own discount). */
  montant: number;
  devise: string;
  dispatch: Dispatch<CartAction>;
  onDone: () => void;
  ids: LineIds;
  testId: string;
  /** False: no line discount (a purchase). */
  remise: boolean;
}

/** Enter or Échap in a line's fields calls onDone (the POS gives the keyboard back to its search). */
const backToSearch = (onDone: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === 'Escape') {
    e.preventDefault();
    onDone();
  }
};

// Plain inputs only (NumberField): a PrimeReact InputNumber per line relaid the whole page.
const LineRow = memo(function LineRow({
  line,
  index,
  prix,
  montant,
  devise,
  dispatch,
  onDone,
  ids,
  testId,
  remise,
}: RowProps) {
  const { produit } = line;
  const id = produit.id;
  const qtyId = ids.quantite(id, index);
  const prixId = ids.prix?.(id, index);
  const digits = moneyDigits(devise);
  const step = (delta: 1 | -1) => {
    dispatch({ type: 'step', produitId: id, delta });
    onDone();
  };
  return (
    <li
      className="doc-line"
      data-testid={testId}
      aria-label={produit.nom}
      onKeyDown={backToSearch(onDone)}
    >
      <div className="doc-line-head">
        <span className="doc-line-name">{produit.nom}</span>
        <strong className="doc-line-total" data-testid={`${testId}-total`}>
          {formatMoney(montant, devise)}
        </strong>
      </div>
      <div className="doc-line-body">
        {prixId ? (
          <div className="doc-line-price doc-line-cout">
            <NumberField
              id={prixId}
              aria-label={`Coût unitaire ${deNom(produit.nom)}`}
              inputMode={digits > 0 ? 'decimal' : 'numeric'}
              text={formatScaled(prix, digits)}
              onText={(text) => {
                const p = text.trim() === '' ? 0 : parseScaled(text, digits);
                if (p !== null) dispatch({ type: 'prix', produitId: id, prix: p });
              }}
              suffix={`/ ${produit.uniteSymbole}`}
            />
          </div>
        ) : (
          <span className="doc-line-price">
            {formatMoney(prix, devise)} / {produit.uniteSymbole}
          </span>
        )}
        <div className="doc-qty">
          <button
            type="button"
            className="p-button p-button-outlined p-button-sm"
            aria-label={`Retirer une unité ${deNom(produit.nom)}`}
            onClick={() => step(-1)}
          >
            −
          </button>
          <div className="doc-qty-input">
            <NumberField
              id={qtyId}
              inputMode={produit.fractionnable ? 'decimal' : 'numeric'}
              text={formatScaled(line.quantite, 3)}
              onText={(text) => {
                // Thousandths; a unit that is not fractional keeps whole numbers (the reducer rounds).
                const q = parseScaled(text, 3);
                if (q !== null && q > 0) dispatch({ type: 'quantite', produitId: id, quantite: q });
              }}
              suffix={produit.uniteSymbole}
            />
          </div>
          <label htmlFor={qtyId} className="doc-sr-only">
            Quantité {deNom(produit.nom)}
          </label>
          <button
            type="button"
            className="p-button p-button-outlined p-button-sm"
            aria-label={`Ajouter une unité ${deNom(produit.nom)}`}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        {remise && (
          <RemiseInput
            id={ids.remise(id, index)}
            label={`Remise sur ${produit.nom}`}
            value={line.remise}
            devise={devise}
            onChange={(r) => dispatch({ type: 'remise', produitId: id, remise: r })}
          />
        )}
        <button
          type="button"
          className="p-button p-button-text p-button-danger p-button-sm"
          aria-label={`Supprimer ${produit.nom}`}
          onClick={() => {
            dispatch({ type: 'remove', produitId: id });
            onDone();
          }}
        >
          <i className="pi pi-trash" aria-hidden />
        </button>
      </div>
    </li>
  );
});

/** How a screen shows its lines. */
export interface LignesConfig {
  ids: LineIds;
  /** Accessible name of the list. */
  label: string;
  /** Test id of each row (its amount: `<rowTestId>-total`). */
  rowTestId: string;
  testId?: string;
  /** What an empty document says. */
  empty: string;
  /** The amount of a line: 'net' gross minus its own discount; 'ttc' after the global discount too. */
  montant: 'net' | 'ttc';
  /** False: lines without a discount field (a purchase). */
  remise?: boolean;
}

interface Props {
  /** The lines and their figures (useCartFigures). */
  figures: CartFigures;
  devise: string;
  dispatch: Dispatch<CartAction>;
  config: LignesConfig;
  /** After an action on a line (the POS: back to the search field). */
  onDone?: () => void;
}

const noop = () => undefined;

/**
 * The lines of a document being entered, newest at the bottom: quantity (− and +, fractional
 * units in thousandths), line discount, amount, remove. Each row re-renders only when its own
 * line changes.
 */
export function LignesEditor({ figures, devise, dispatch, config, onDone = noop }: Props) {
  const { lignes, calc, prixDe } = figures;
  const montants = useMemo(
    () =>
      calc.lignes.map((l) =>
        config.montant === 'net' ? l.montantBrut - l.remiseLigne : l.montantTtc,
      ),
    [calc, config.montant],
  );
  if (lignes.length === 0) return <p className="doc-empty text-color-secondary">{config.empty}</p>;
  return (
    <ul className="doc-lines" aria-label={config.label} data-testid={config.testId}>
      {lignes.map((l, i) => (
        <LineRow
          key={l.produit.id}
          line={l}
          index={i}
          prix={prixDe(l)}
          montant={montants[i] ?? 0}
          devise={devise}
          dispatch={dispatch}
          onDone={onDone}
          ids={config.ids}
          testId={config.rowTestId}
          remise={config.remise ?? true}
        />
      ))}
    </ul>
  );
}
