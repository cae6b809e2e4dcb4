import { formatDateTime, formatMoney, type CaisseSession } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { CardList } from '../../components/list/CardList';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { useCaisses, useCreateCaisse, useSession, useSessions } from './api';
import { RapportDialog } from './RapportDialog';

/** /pages/caisses (owner): the shop's registers and every session, with variance and report. */
export default function CaissesRoute() {
  return (
    <WithShop>{(serviceId) => <CaissesScreen key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}

function CaissesScreen({ serviceId }: { serviceId: number }) {
  const { devise: shopDevise, timeZone } = useCurrentShop();
  const devise = shopDevise ?? 'XOF';
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<number | null>(null);
  const [nom, setNom] = useState('');
  const caisses = useCaisses(serviceId);
  const sessions = useSessions(serviceId, page);
  const detail = useSession(serviceId, shown);
  const create = useCreateCaisse(serviceId);
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, devise));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : '—');
  const phone = useIsPhone();
  const ouverte = (s: CaisseSession) =>
    `${when(s.ouverteLe)} · ${s.ouvertPar.prenom} ${s.ouvertPar.nom}`;
  const cloturee = (s: CaisseSession) =>
    s.clotureePar
      ? `${when(s.clotureeLe)} · ${s.clotureePar.prenom} ${s.clotureePar.nom}`
      : 'Ouverte';
  const ecart = (s: CaisseSession) => <span data-testid={`ecart-${s.id}`}>{money(s.ecart)}</span>;
  const rapport = (s: CaisseSession) => (
    <Button
      label={s.numeroZ ? 'Voir le Z' : 'Rapport X'}
      size="small"
      text
      onClick={() => setShown(s.id)}
      aria-label={`${s.numeroZ ? 'Voir le Z' : 'Rapport X'} de ${s.caisse.nom}`}
    />
  );
  return (
    <div className="card">
      <PageHeader title="Caisses et sessions">
        <Link to="/pages/caisses/ventes-ecartees">Ventes écartées</Link>
      </PageHeader>
      <p>
        Caisses :{' '}
        {(caisses.data ?? []).map((c) => `${c.nom}${c.session ? ' (ouverte)' : ''}`).join(', ')}
      </p>
      <div className="flex flex-wrap gap-2 align-items-center mb-3">
        <InputText
          aria-label="Nom de la nouvelle caisse"
          placeholder="Nom de la nouvelle caisse"
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={60}
        />
        <Button
          label="Ajouter la caisse"
          icon="pi pi-plus"
          loading={create.isPending}
          disabled={!nom.trim()}
          onClick={() => create.mutate({ nom: nom.trim() }, { onSuccess: () => setNom('') })}
        />
        {create.isError && (
          <span className="field-error" role="alert">
            {errorMessage(create.error)}
          </span>
        )}
      </div>
      {phone ? (
        <CardList
          value={sessions.data?.items ?? []}
          rowKey={(x) => x.id}
          label="Sessions de caisse"
          emptyMessage="Aucune session pour l’instant."
          loading={sessions.isPending}
          paging={{
            first: (page - 1) * 20,
            rows: 20,
            totalRecords: sessions.data?.total ?? 0,
            onPage: (first) => setPage(Math.floor(first / 20) + 1),
          }}
          testId="sessions-cards"
          card={(x) => ({
            title: x.caisse.nom,
            amount: ecart(x),
            status: x.numeroZ ?? 'Ouverte',
            details: [
              `Ouverte le ${ouverte(x)}`,
              `Fond : ${money(x.fond)}`,
              ...(x.clotureePar ? [`Clôturée le ${cloturee(x)}`] : []),
            ],
            actions: rapport(x),
          })}
        />
      ) : (
        <DataTable
          value={sessions.data?.items ?? []}
          loading={sessions.isPending}
          dataKey="id"
          lazy
          paginator
          rows={20}
          first={(page - 1) * 20}
          totalRecords={sessions.data?.total ?? 0}
          onPage={(e) => setPage((e.page ?? 0) + 1)}
          emptyMessage="Aucune session pour l’instant."
          aria-label="Sessions de caisse"
        >
          <Column header="Caisse" body={(x: CaisseSession) => x.caisse.nom} />
          <Column header="Ouverte" body={ouverte} />
          <Column header="Fond" body={(x: CaisseSession) => money(x.fond)} />
          <Column header="Clôturée" body={cloturee} />
          <Column header="Rapport Z" body={(x: CaisseSession) => x.numeroZ ?? '—'} />
          <Column header="Écart" body={ecart} />
          <Column body={rapport} />
        </DataTable>
      )}
      {shown !== null && detail.data && (
        <RapportDialog
          serviceId={serviceId}
          session={detail.data}
          devise={devise}
          onClose={() => setShown(null)}
        />
      )}
    </div>
  );
}
