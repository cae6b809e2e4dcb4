import {
  MOUVEMENT_TYPE_LABELS,
  formatMoney,
  formatQuantity,
  type MouvementsParType,
  type RapportProduit,
  type RapportProduitsPage,
} from '@comptoir/shared';
import { CardList } from '../../components/list/CardList';
import { ListTotaux } from '../../components/list/ListTotaux';
import { pagedCardsProps } from '../../components/paged-table';
import type { useListParams } from '../../lib/use-list-params';

/**
 * The report screens on a phone (components/list cards, nothing scrolls sideways at 360 px): each
 * product with its revenue first, then quantities, margin and stock; the totals above.
 */
export function RapportProduitsCartes({
  page,
  loading,
  list,
  devise,
  taux,
}: {
  page: RapportProduitsPage | undefined;
  loading: boolean;
  list: ReturnType<typeof useListParams>;
  devise: string;
  taux: (bp: number | null) => string;
}) {
  const money = (n: number) => formatMoney(n, devise);
  const t = page?.totaux;
  return (
    <>
      {t && (
        <ListTotaux
          label="Totaux de la période"
          testId="rapport-produits-totaux"
          items={[
            ['CA TTC', money(t.caTtc)],
            ['Marge brute', money(t.marge)],
            ['Qté vendue', formatQuantity(t.quantiteVendue)],
            ['Valeur du stock', money(t.valeurStock)],
          ]}
        />
      )}
      <CardList
        value={page?.items ?? []}
        rowKey={(r: RapportProduit) => r.produitId}
        label="Produits du rapport"
        emptyMessage="Aucun produit vendu ni retourné sur la période"
        loading={loading}
        paging={pagedCardsProps(list, page?.total ?? 0)}
        testId="rapport-produits-cards"
        card={(r) => ({
          title: r.nom,
          amount: money(r.caTtc),
          details: [
            `Vendu : ${formatQuantity(r.quantiteVendue)} ${r.uniteSymbole}`,
            ...(r.quantiteRetournee > 0
              ? [`Retourné : ${formatQuantity(r.quantiteRetournee)}`]
              : []),
            `Marge : ${money(r.marge)} (${taux(r.tauxMarge)})`,
            `Stock : ${formatQuantity(r.stock)}`,
          ],
        })}
      />
    </>
  );
}

type MouvementType = MouvementsParType['types'][number];

/** The stock movements of the period by nature, one card each. */
export function MouvementsCartes({
  types,
  loading,
}: {
  types: readonly MouvementType[];
  loading: boolean;
}) {
  return (
    <CardList
      value={types}
      rowKey={(t) => t.type}
      label="Mouvements de stock"
      emptyMessage="Aucun mouvement de stock sur la période"
      loading={loading}
      testId="mouvements-cards"
      card={(t) => ({
        title: MOUVEMENT_TYPE_LABELS[t.type],
        amount: `${t.nombre} mouvement${t.nombre > 1 ? 's' : ''}`,
        details: [
          `Entrées : ${formatQuantity(t.entrees)}`,
          `Sorties : ${formatQuantity(t.sorties)}`,
        ],
      })}
    />
  );
}
