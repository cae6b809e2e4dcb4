import {
  formatMoney,
  formatQuantity,
  type RAPPORT_PRODUITS_SORTS,
  type RapportProduit,
  type RapportProduitsPage,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { lazy, Suspense } from 'react';
import { SearchBox } from '../../components/SearchBox';
import { pagedTableProps } from '../../components/paged-table';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useIsPhone } from '../../lib/use-phone';
import { useSession } from '../../lib/use-session';
import { useCategorieOptions, useMarqueOptions } from '../produits';
import { PERIODES, PERIODE_LABELS, useTypesVentes, useVendeurOptions } from '../ventes';
import { useRapportProduits } from './api';
import { RapportProduitsCartes } from './RapportCartes';
import { RapportExport } from './RapportExport';
import { RAPPORT_LIST, rapportApiQuery } from './rapport-query';
import { ToutesVentes } from './ToutesVentes';

const TopProduitsChart = lazy(() => import('./TopProduitsChart'));

const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));

/** « 12,34 % » from basis points; « — » without net revenue. */
const taux = (bp: number | null) =>
  bp === null
    ? '—'
    : `${(bp / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0%`;

export function RapportProduits({ serviceId, devise }: { serviceId: number; devise: string }) {
  const list = useListParams(RAPPORT_LIST);
  const { timeZone } = useCurrentShop();
  const { user } = useSession();
  const query = rapportApiQuery(list.query, new Date(), timeZone ?? 'UTC');
  // Days of the shop's clock: nothing is asked before the shop (its zone) is known.
  const ready = Boolean(timeZone && query['du'] && query['au'] && query['du'] <= query['au']);
  const rapport = useRapportProduits(serviceId, query, ready);
  const { page: _p, size: _s, sort: _sort, ...filters } = query;
  const top = useRapportProduits(serviceId, { ...filters, sort: 'caTtc,desc', size: 10 }, ready);
  const categories = useCategorieOptions(serviceId);
  const marques = useMarqueOptions(serviceId);
  const types = useTypesVentes();
  const managers = useVendeurOptions(serviceId, true);
  // The owner sells too: first among the sellers, then the shop's managers.
  const vendeurs = [
    ...(user ? [user] : []),
    ...(managers.data ?? []).filter((u) => u.id !== user?.id),
  ].map((u) => ({ value: u.id, label: `${u.prenom} ${u.nom}` }));
  useClampedPage(list, rapport.data?.total);
  const f = list.state.filters;
  const phone = useIsPhone();
  const pick = (key: string) => (e: { value: unknown }) =>
    list.setFilter(key, e.value === null || e.value === undefined ? null : String(e.value));
  const day = (key: 'du' | 'au') => (
    <Calendar
      inputId={`rapport-${key}`}
      value={fromIsoDay(f[key])}
      onChange={(e) => list.setFilter(key, e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder={key === 'du' ? 'Du' : 'Au'}
      aria-label={key === 'du' ? 'Du (jour)' : 'Au (jour)'}
      showIcon
    />
  );
  const money = (n: number) => formatMoney(n, devise);
  const t: RapportProduitsPage['totaux'] | undefined = rapport.data?.totaux;
  const number = (
    field: (typeof RAPPORT_PRODUITS_SORTS)[number],
    header: string,
    show: (r: RapportProduit) => string,
    total?: string,
  ) => (
    <Column
      key={field}
      header={header}
      field={field}
      sortable
      body={show}
      footer={total}
      className="text-right white-space-nowrap"
      footerClassName="text-right white-space-nowrap"
    />
  );
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center mb-3">
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher un produit"
          placeholder="Nom, référence ou code-barres"
        />
        <Dropdown
          inputId="rapport-periode"
          value={f['periode'] ?? 'mois'}
          options={PERIODE_OPTIONS}
          onChange={pick('periode')}
          aria-label="Période"
        />
        {f['periode'] === 'perso' && (
          <>
            {day('du')}
            {day('au')}
          </>
        )}
        <Dropdown
          inputId="rapport-categorie"
          value={f['categorieId'] ? Number(f['categorieId']) : null}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
          onChange={pick('categorieId')}
          placeholder="Toutes les catégories"
          showClear
          filter
          aria-label="Filtrer par catégorie"
        />
        <Dropdown
          inputId="rapport-marque"
          value={f['marqueId'] ? Number(f['marqueId']) : null}
          options={(marques.data ?? []).map((m) => ({ value: m.id, label: m.nom }))}
          onChange={pick('marqueId')}
          placeholder="Toutes les marques"
          showClear
          filter
          aria-label="Filtrer par marque"
        />
        <Dropdown
          inputId="rapport-vendeur"
          value={f['vendeurId'] ? Number(f['vendeurId']) : null}
          options={vendeurs}
          onChange={pick('vendeurId')}
          placeholder="Tous les vendeurs"
          showClear
          aria-label="Filtrer par vendeur"
        />
        <Dropdown
          inputId="rapport-type-vente"
          value={f['typeVenteId'] ? Number(f['typeVenteId']) : null}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.nom }))}
          onChange={pick('typeVenteId')}
          placeholder="Tous les types de vente"
          showClear
          aria-label="Filtrer par type de vente"
        />
        {f['produitId'] && (
          <Button
            type="button"
            label="Tous les produits"
            icon="pi pi-times"
            outlined
            size="small"
            onClick={() => list.setFilter('produitId', null)}
            aria-label="Un seul produit : afficher tous les produits"
          />
        )}
        <div className="flex gap-2 ml-auto">
          <RapportExport serviceId={serviceId} query={query} />
        </div>
      </div>
      {!ready && <Message severity="info" text="Choisissez le jour de début et le jour de fin." />}
      {rapport.isError && (
        <Message severity="error" text={errorMessage(rapport.error)} className="w-full mb-3" />
      )}
      <ToutesVentes figures={rapport.data?.toutesVentes} devise={devise} />
      {phone ? (
        <RapportProduitsCartes
          page={rapport.data}
          loading={rapport.isFetching}
          list={list}
          devise={devise}
          taux={taux}
        />
      ) : (
        <DataTable
          value={rapport.data?.items ?? []}
          dataKey="produitId"
          loading={rapport.isFetching}
          emptyMessage="Aucun produit vendu ni retourné sur la période"
          stripedRows
          size="small"
          scrollable
          data-testid="rapport-produits-table"
          {...pagedTableProps(list, rapport.data?.total ?? 0)}
        >
          <Column
            header="Produit"
            field="nom"
            sortable
            footer="Total"
            body={(r: RapportProduit) => (
              <>
                <div>{r.nom}</div>
                <div className="text-500 text-sm">
                  {[r.reference, r.categorie, r.marque].filter(Boolean).join(' · ')}
                </div>
              </>
            )}
          />
          {number(
            'quantiteVendue',
            'Qté vendue',
            (r) => `${formatQuantity(r.quantiteVendue)} ${r.uniteSymbole}`,
            t && formatQuantity(t.quantiteVendue),
          )}
          {number(
            'quantiteRetournee',
            'Qté retournée',
            (r) => formatQuantity(r.quantiteRetournee),
            t && formatQuantity(t.quantiteRetournee),
          )}
          {number('caHt', 'CA HT', (r) => money(r.caHt), t && money(t.caHt))}
          {number('caTtc', 'CA TTC', (r) => money(r.caTtc), t && money(t.caTtc))}
          {number('cout', 'Coût', (r) => money(r.cout), t && money(t.cout))}
          {number('marge', 'Marge brute', (r) => money(r.marge), t && money(t.marge))}
          {number('tauxMarge', 'Taux de marge', (r) => taux(r.tauxMarge), t && taux(t.tauxMarge))}
          {number('stock', 'Stock', (r) => formatQuantity(r.stock))}
          {number(
            'valeurStock',
            'Valeur du stock',
            (r) => money(r.valeurStock),
            t && money(t.valeurStock),
          )}
        </DataTable>
      )}
      {(top.data?.items.length ?? 0) > 0 && (
        <div className="card-surface mt-3" data-testid="top-produits-chart">
          <h2 className="mt-0 mb-3 text-xl">Meilleurs produits (CA TTC)</h2>
          <Suspense fallback={<p role="status">Chargement du graphique…</p>}>
            <TopProduitsChart items={top.data!.items} devise={devise} />
          </Suspense>
        </div>
      )}
    </>
  );
}
