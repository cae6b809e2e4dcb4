import {
  MOUVEMENT_TYPE_LABELS,
  formatMoney,
  formatQuantity,
  localDate,
  type MouvementsParType,
  type Valorisation,
} from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useSearchParams } from 'react-router';
import { formatDay, fromIsoDay, toIsoDay } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { PERIODES, PERIODE_LABELS, isPeriode, periodeBounds, periodeReady } from '../ventes';
import { useMouvements, useValorisation } from './api';
import { MouvementsCartes } from './RapportCartes';

/** The stock tabs of the reports: its value per category at a date, its movements by kind. */

type Categorie = Valorisation['categories'][number];
type Type = MouvementsParType['types'][number];

function useParam(name: string) {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set] as const;
}

export function ValorisationStock({ serviceId, devise }: { serviceId: number; devise: string }) {
  const [date, setDate] = useParam('date');
  const v = useValorisation(serviceId, date);
  // « Today » is the shop's day, not the browser's: the latest day a value can be asked for.
  const { timeZone } = useCurrentShop();
  const today = localDate(new Date(), timeZone ?? 'UTC');
  const money = (n: number) => formatMoney(n, devise);
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center mb-3">
        <label htmlFor="valorisation-date">Valeur du stock à la fin du</label>
        <Calendar
          inputId="valorisation-date"
          value={fromIsoDay(date ?? today)}
          maxDate={fromIsoDay(today) ?? undefined}
          onChange={(e) => {
            const day = e.value instanceof Date ? toIsoDay(e.value) : null;
            setDate(day && day < today ? day : null);
          }}
          dateFormat="dd/mm/yy"
          showIcon
        />
      </div>
      <Message
        severity="info"
        className="w-full mb-3"
        text="Quantités et valeur au coût moyen pondéré. Aujourd’hui : le stock et le coût moyen pondéré actuels. Pour une date passée : les quantités du registre des mouvements à la fin de ce jour, chacune au coût moyen pondéré en vigueur ce jour-là (celui qu’a gardé le dernier mouvement du produit jusqu’à cette date, ou le prix d’achat corrigé ensuite à la main sur sa fiche) ; un achat validé ou une correction faite plus tard ne change pas cette valeur."
      />
      {v.isError && <Message severity="error" text={errorMessage(v.error)} className="w-full" />}
      <DataTable
        value={v.data?.categories ?? []}
        dataKey="nom"
        loading={v.isFetching}
        emptyMessage="Aucun produit en stock à cette date"
        stripedRows
        size="small"
        data-testid="valorisation-table"
        header={v.data ? `Au ${formatDay(v.data.date)}` : undefined}
      >
        <Column header="Catégorie" field="nom" footer="Total" />
        <Column
          header="Produits en stock"
          body={(c: Categorie) => c.produits}
          footer={v.data?.total.produits}
          className="text-right"
          footerClassName="text-right"
        />
        <Column
          header="Valeur"
          body={(c: Categorie) => money(c.valeur)}
          footer={
            v.data && <span data-testid="valorisation-total">{money(v.data.total.valeur)}</span>
          }
          className="text-right white-space-nowrap"
          footerClassName="text-right white-space-nowrap"
        />
      </DataTable>
    </>
  );
}

const PERIODE_OPTIONS = PERIODES.map((value) => ({ value, label: PERIODE_LABELS[value] }));

export function MouvementsStock({ serviceId }: { serviceId: number }) {
  const [raw, setPeriode] = useParam('mvt');
  const [du, setDu] = useParam('mvtDu');
  const [au, setAu] = useParam('mvtAu');
  const periode = raw && isPeriode(raw) ? raw : 'mois';
  const { timeZone } = useCurrentShop();
  const bounds = periodeBounds(
    periode,
    new Date(),
    du ?? undefined,
    au ?? undefined,
    timeZone ?? 'UTC',
  );
  const m = useMouvements(serviceId, bounds.du, bounds.au, periodeReady({ periode }, timeZone));
  const phone = useIsPhone();
  const day = (value: string | null, set: (v: string | null) => void, label: string) => (
    <Calendar
      value={fromIsoDay(value)}
      onChange={(e) => set(e.value instanceof Date ? toIsoDay(e.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder={label}
      aria-label={`${label} (jour)`}
      showIcon
    />
  );
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center mb-3">
        <Dropdown
          value={periode}
          options={PERIODE_OPTIONS}
          onChange={(e) => setPeriode(String(e.value))}
          aria-label="Période des mouvements"
        />
        {periode === 'perso' && (
          <>
            {day(du, setDu, 'Du')}
            {day(au, setAu, 'Au')}
          </>
        )}
      </div>
      {m.isError && <Message severity="error" text={errorMessage(m.error)} className="w-full" />}
      {phone ? (
        <MouvementsCartes types={m.data?.types ?? []} loading={m.isFetching} />
      ) : (
        <DataTable
          value={m.data?.types ?? []}
          dataKey="type"
          loading={m.isFetching}
          emptyMessage="Aucun mouvement de stock sur la période"
          stripedRows
          size="small"
          data-testid="mouvements-table"
        >
          <Column header="Nature" body={(t: Type) => MOUVEMENT_TYPE_LABELS[t.type]} />
          <Column header="Mouvements" body={(t: Type) => t.nombre} className="text-right" />
          <Column
            header="Quantités entrées"
            body={(t: Type) => formatQuantity(t.entrees)}
            className="text-right"
          />
          <Column
            header="Quantités sorties"
            body={(t: Type) => formatQuantity(t.sorties)}
            className="text-right"
          />
        </DataTable>
      )}
    </>
  );
}
