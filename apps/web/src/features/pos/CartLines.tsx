import { formatMoney, type LigneCalculee, deNom } from '@comptoir/shared';
import { memo, type Dispatch, type KeyboardEvent } from 'react';
import type { CartAction, CartLine } from './cart';
import { NumberField, formatScaled, parseScaled } from './NumberField';
import { RemiseInput } from './RemiseInput';

interface RowProps {
  line: CartLine;
  prix: number;
  /** Gross minus the line's own discount. */
  net: number;
  devise: string;
  dispatch: Dispatch<CartAction>;
  onDone: () => void;
}

/** Enter or Échap in a line's fields gives the keyboard back to the search field. */
const backToSearch = (onDone: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === 'Escape') {
    e.preventDefault();
    onDone();
  }
};

const CartRow = memo(function CartRow({ line, prix, net, devise, dispatch, onDone }: RowProps) {
  const { produit } = line;
  const id = produit.id;
  const step = (delta: 1 | -1) => {
    dispatch({ type: 'step', produitId: id, delta });
    onDone();
  };
  return (
    <li
      className="pos-line"
      data-testid="pos-line"
      aria-label={produit.nom}
      onKeyDown={backToSearch(onDone)}
    >
      <div className="pos-line-head">
        <span className="pos-line-name">{produit.nom}</span>
        <strong className="pos-line-total" data-testid="pos-line-total">
          {formatMoney(net, devise)}
        </strong>
      </div>
      <div className="pos-line-body">
        <span className="pos-line-price">
          {formatMoney(prix, devise)} / {produit.uniteSymbole}
        </span>
        <div className="pos-qty">
          <button
            type="button"
            className="p-button p-button-outlined p-button-sm"
            aria-label={`Retirer une unité ${deNom(produit.nom)}`}
            onClick={() => step(-1)}
          >
            −
          </button>
          <div className="pos-qty-input">
            <NumberField
              id={`pos-qty-${id}`}
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
          <label htmlFor={`pos-qty-${id}`} className="pos-sr-only">
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
        <RemiseInput
          id={`pos-remise-${id}`}
          label={`Remise sur ${produit.nom}`}
          value={line.remise}
          devise={devise}
          onChange={(remise) => dispatch({ type: 'remise', produitId: id, remise })}
        />
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

interface Props {
  lignes: CartLine[];
  prix: (l: CartLine) => number;
  calculs: LigneCalculee[];
  devise: string;
  dispatch: Dispatch<CartAction>;
  onDone: () => void;
}

/** The cart's lines, newest at the bottom; each row re-renders only when its own line changes. */
export function CartLines({ lignes, prix, calculs, devise, dispatch, onDone }: Props) {
  if (lignes.length === 0)
    return (
      <p className="pos-empty text-color-secondary">
        Panier vide : scannez un produit ou cherchez-le par son nom.
      </p>
    );
  return (
    <ul className="pos-lines" aria-label="Panier">
      {lignes.map((l, i) => (
        <CartRow
          key={l.produit.id}
          line={l}
          prix={prix(l)}
          net={calculs[i] ? calculs[i].montantBrut - calculs[i].remiseLigne : 0}
          devise={devise}
          dispatch={dispatch}
          onDone={onDone}
        />
      ))}
    </ul>
  );
}
