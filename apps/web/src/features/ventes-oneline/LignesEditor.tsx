import { formatMoney, type LigneCalculee } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { QuantityInput } from '../../components/QuantityInput';
import type { LignePanier } from './panier';
import { RemiseInput } from './RemiseInput';

interface Props {
  lignes: readonly LignePanier[];
  calculees: readonly LigneCalculee[];
  prixUnitaire: (l: LignePanier) => number;
  devise: string;
  errors: Readonly<Record<string, string>>;
  onChange: (index: number, ligne: LignePanier) => void;
  onRemove: (index: number) => void;
}

/** Lines of the sale: quantity (fractional for kg or litre), line discount, amount, remove. */
export function LignesEditor({
  lignes,
  calculees,
  prixUnitaire,
  devise,
  errors,
  onChange,
  onRemove,
}: Props) {
  if (lignes.length === 0)
    return <p className="text-color-secondary">Aucun article : cherchez un produit ci-dessus.</p>;
  return (
    <div className="overflow-x-auto">
      <table
        className="w-full"
        style={{ borderCollapse: 'collapse' }}
        data-testid="vente-lignes-saisie"
      >
        <thead>
          <tr className="text-left text-sm text-color-secondary">
            <th className="p-1">Article</th>
            <th className="p-1 text-right">Prix unitaire</th>
            <th className="p-1" style={{ width: '9rem' }}>
              Quantité
            </th>
            <th className="p-1" style={{ width: '13rem' }}>
              Remise
            </th>
            <th className="p-1 text-right">Montant</th>
            <th className="p-1" />
          </tr>
        </thead>
        <tbody>
          {lignes.map((l, i) => {
            const error = errors[`lignes.${i}.quantite`];
            return (
              <tr key={l.produit.id} className="border-top-1 surface-border">
                <td className="p-1">
                  <label htmlFor={`ligne-${i}-quantite`}>{l.produit.nom}</label>
                </td>
                <td className="p-1 text-right white-space-nowrap">
                  {formatMoney(prixUnitaire(l), devise)}
                </td>
                <td className="p-1">
                  <QuantityInput
                    id={`ligne-${i}-quantite`}
                    value={l.quantite}
                    onChange={(quantite) => onChange(i, { ...l, quantite })}
                    fractionnable={l.produit.unite.fractionnable}
                    suffix={l.produit.unite.symbole}
                    min={0}
                    error={error}
                  />
                  {error && (
                    <small id={`ligne-${i}-quantite-error`} className="field-error" role="alert">
                      {error}
                    </small>
                  )}
                </td>
                <td className="p-1">
                  <RemiseInput
                    id={`ligne-${i}-remise`}
                    label={`Remise sur ${l.produit.nom}`}
                    value={l.remise}
                    onChange={(remise) => onChange(i, { ...l, remise })}
                    devise={devise}
                  />
                </td>
                <td className="p-1 text-right white-space-nowrap">
                  {formatMoney(calculees[i]?.montantTtc ?? 0, devise)}
                </td>
                <td className="p-1 text-right">
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    rounded
                    text
                    severity="danger"
                    aria-label={`Retirer ${l.produit.nom}`}
                    onClick={() => onRemove(i)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
