import {
  formatDateTime,
  formatMoney,
  formatQuantity,
  type AlerteHorsLigne,
} from '@comptoir/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link } from 'react-router';
import { errorMessage } from '../lib/errors';
import { http } from '../lib/http';
import { shopPath, useCurrentShop } from '../lib/shop';
import { useSession } from '../lib/use-session';

function texte(a: AlerteHorsLigne, devise: string): string {
  const money = (m: number | null) => formatMoney(m ?? 0, devise);
  if (a.type === 'stock_negatif')
    return `Stock de « ${a.produitNom} » passé à ${formatQuantity(a.quantite ?? 0)}`;
  if (a.type === 'prix_different')
    return `« ${a.produitNom} » facturé ${money(a.prixFacture)} au lieu de ${money(a.prixCatalogue)}`;
  return `« ${a.produitNom} », supprimé du catalogue, vendu ${money(a.prixFacture)}`;
}

/**
 * What sales made without the network left for the owner to see (stock under zero, another price
 * charged, a product deleted meanwhile). On the dashboard: those nobody marked as seen, with
 * their count; for one product (`produitId`): all of them, the seen ones with when and by whom.
 * The owner marks one « Vu ». Nothing when none.
 */
export function AlertesHorsLigne({
  serviceId,
  devise,
  produitId,
}: {
  serviceId: number;
  devise: string;
  produitId?: number;
}) {
  const { role } = useSession();
  const { timeZone } = useCurrentShop();
  const owner = role === 'ROLE_PROPRIETAIRE';
  const queryClient = useQueryClient();
  const alertes = useQuery({
    queryKey: ['ventes', serviceId, 'alertes-hors-ligne', produitId ?? null],
    queryFn: () =>
      http.get<AlerteHorsLigne[]>(shopPath(serviceId, 'alertes-hors-ligne'), {
        query: produitId === undefined ? { nonVues: true } : { produitId },
      }),
  });
  const vue = useMutation({
    mutationFn: (id: number) =>
      http.post<AlerteHorsLigne>(shopPath(serviceId, `alertes-hors-ligne/${id}/vue`)),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['ventes', serviceId, 'alertes-hors-ligne'] }),
  });
  const items = alertes.data ?? [];
  if (items.length === 0) return null;
  const count = items.length >= 200 ? '200 ou plus' : String(items.length);
  return (
    <section className="card-surface mb-3" aria-label="Ventes hors ligne à vérifier">
      <h2 className="mt-0 mb-2 text-xl">
        <i className="pi pi-exclamation-triangle text-orange-500 mr-2" aria-hidden />
        Ventes hors ligne à vérifier
        {produitId === undefined && (
          <span className="ml-2" data-testid="alertes-hors-ligne-nombre">
            ({count})
          </span>
        )}
      </h2>
      {vue.isError && (
        <Message
          severity="error"
          text={errorMessage(vue.error)}
          className="w-full justify-content-start mb-2"
        />
      )}
      <ul className="m-0 pl-3" data-testid="alertes-hors-ligne">
        {items.slice(0, 20).map((a) => (
          <li key={a.id} className="mb-1">
            {texte(a, devise)} — vente{' '}
            <Link to={`/pages/ventes-list/${a.venteId}`}>{a.venteNumero}</Link>
            {a.vue ? (
              <span className="text-color-secondary">
                {' '}
                — vue le {formatDateTime(a.vue.le, timeZone)} par {a.vue.par.prenom} {a.vue.par.nom}
              </span>
            ) : (
              owner && (
                <Button
                  type="button"
                  label="Vu"
                  icon="pi pi-check"
                  size="small"
                  text
                  className="ml-2 py-0"
                  aria-label={`Marquer comme vue : ${texte(a, devise)}`}
                  loading={vue.isPending && vue.variables === a.id}
                  onClick={() => vue.mutate(a.id)}
                />
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
