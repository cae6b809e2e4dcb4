import { formatMoney, formatQuantity, type DevisLigne } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { WithShop } from '../../../components/WithShop';
import { formatDay } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { useDevis } from '../api';
import { DocumentTotaux } from '../../../components/document/DocumentTotaux';
import { DevisStatutTag } from '../statut';
import { DevisActions } from './DevisActions';

const remiseText = (l: DevisLigne, devise: string) =>
  !l.remise
    ? '—'
    : l.remise.type === 'pourcent'
      ? `${(l.remise.valeur / 100).toLocaleString('fr-FR')}\u00A0%`
      : formatMoney(l.remise.valeur, devise);

function DevisDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const devis = useDevis(serviceId, id);
  const [converti, setConverti] = useState(false);
  if (devis.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(devis.error)}
        className="w-full justify-content-start"
      />
    );
  if (devis.isPending) return <p role="status">Chargement…</p>;
  const d = devis.data;
  const money = (v: number) => formatMoney(v, d.devise);
  const c = d.client;
  const identite = [
    c.adresse,
    c.email,
    c.siren && `SIREN ${c.siren}`,
    c.siret && `SIRET ${c.siret}`,
    c.tvaIntracom && `TVA ${c.tvaIntracom}`,
  ].filter(Boolean);

  return (
    <div className="card-surface">
      <PageHeader title={d.numero ? `Devis ${d.numero}` : `Brouillon de devis n° ${d.id}`}>
        <DevisActions serviceId={serviceId} devis={d} onConverti={() => setConverti(true)} />
      </PageHeader>
      {converti && d.vente && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          content={
            <span data-testid="devis-converti">
              {'Devis converti : '}
              <Link to={`/pages/ventes-list/${d.vente.id}`}>vente {d.vente.numero}</Link>
              {d.facture ? ` et facture ${d.facture.numero}` : ''}.
            </span>
          }
        />
      )}
      <p className="m-0 mb-2 flex flex-wrap gap-3 align-items-center">
        <DevisStatutTag statut={d.statut} />
        <span>{`Valable jusqu’au ${formatDay(d.dateValidite)}`}</span>
        <span>{`Type : ${d.typeVente.nom}`}</span>
        {d.vente && (
          <span>
            Vente : <Link to={`/pages/ventes-list/${d.vente.id}`}>{d.vente.numero}</Link>
          </span>
        )}
        {d.facture && <span>{`Facture : ${d.facture.numero}`}</span>}
      </p>
      <p className="m-0 mb-3">
        Client : <Link to={`/pages/clients/${c.id}`}>{c.nom}</Link>
        {c.professionnel ? ' (professionnel)' : ''}
        {identite.length > 0 && (
          <span className="text-color-secondary">{` · ${identite.join(' · ')}`}</span>
        )}
      </p>
      <DataTable value={d.lignes} dataKey="id" size="small" stripedRows data-testid="devis-lignes">
        <Column header="Désignation" body={(l: DevisLigne) => l.designation} />
        <Column
          header="Quantité"
          body={(l: DevisLigne) => `${formatQuantity(l.quantite)}\u00A0${l.uniteSymbole}`}
          className="white-space-nowrap"
        />
        <Column
          header="Prix unitaire"
          body={(l: DevisLigne) => money(l.prixUnitaire)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="TVA"
          body={(l: DevisLigne) => `${(l.tauxTva / 100).toLocaleString('fr-FR')}\u00A0%`}
          className="text-right"
        />
        <Column
          header="Remise"
          body={(l: DevisLigne) => remiseText(l, d.devise)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="Montant TTC"
          body={(l: DevisLigne) => money(l.montantTtc)}
          className="text-right white-space-nowrap"
        />
      </DataTable>
      <div className="flex justify-content-end mt-3">
        <DocumentTotaux totaux={d} devise={d.devise} testId="devis-totaux" />
      </div>
      {d.note && <p className="mt-3 mb-0">{`Note : ${d.note}`}</p>}
      {d.conditions && <p className="mt-2 mb-0">{`Conditions : ${d.conditions}`}</p>}
    </div>
  );
}

/** /pages/devis/:id (owner): a quote, its lines and totals, and what can be done with it. */
export default function DevisDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <DevisDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
