import { FACTURE_NATURE_LABELS, formatDate, formatMoney, type Avoir } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useFeedback } from '../../lib/use-feedback';
import { avoirPath, facturePath, fetchFile, useFacture } from './api';
import { AvoirDialog } from './AvoirDialog';
import { EnvoiDialog } from './EnvoiDialog';
import { FactureLignes } from './FactureLignes';
import { FactureStatutTags } from './statut';

const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC');
type Envoi = { path: string; titre: string };

function FactureDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const { timeZone } = useCurrentShop();
  const facture = useFacture(serviceId, id);
  const feedback = useFeedback();
  const [busy, setBusy] = useState<string | null>(null);
  const [avoir, setAvoir] = useState(false);
  const [envoi, setEnvoi] = useState<Envoi | null>(null);
  const [dernier, setDernier] = useState<Avoir | null>(null);

  if (facture.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(facture.error)}
        className="w-full justify-content-start"
      />
    );
  if (facture.isPending) return <p role="status">Chargement…</p>;
  const f = facture.data;
  const euro = f.devise === 'EUR';
  const creditable = f.lignes.some((l) => l.quantite > l.quantiteCreditee);

  const download = async (key: string, path: string, name: string) => {
    setBusy(key);
    try {
      downloadBlob(await fetchFile(path), name);
    } catch (error) {
      feedback.actionError('Téléchargement impossible')(error);
    } finally {
      setBusy(null);
    }
  };
  const fPath = facturePath(serviceId, `/${f.id}`);

  return (
    <div className="card-surface">
      <PageHeader title={`Facture ${f.numero}`}>
        <Button
          type="button"
          label="PDF"
          icon="pi pi-file-pdf"
          outlined
          loading={busy === 'pdf'}
          onClick={() => void download('pdf', `${fPath}/facture.pdf`, `facture-${f.numero}.pdf`)}
        />
        {euro && (
          <Button
            type="button"
            label="XML Factur-X"
            icon="pi pi-code"
            outlined
            loading={busy === 'xml'}
            onClick={() =>
              void download('xml', `${fPath}/factur-x.xml`, `factur-x-${f.numero}.xml`)
            }
          />
        )}
        <Button
          type="button"
          label="Envoyer"
          icon="pi pi-send"
          outlined
          onClick={() => setEnvoi({ path: fPath, titre: `Envoyer la facture ${f.numero}` })}
        />
        <Button
          type="button"
          label="Créer un avoir"
          icon="pi pi-replay"
          severity="warning"
          disabled={!creditable}
          onClick={() => setAvoir(true)}
        />
      </PageHeader>
      <p className="m-0 mb-3 flex flex-wrap gap-3 align-items-center">
        <FactureStatutTags statut={f.statut} credit={f.credit} />
        <span>{`Émise le ${formatDate(f.createdAt, timeZone)}`}</span>
        <span>{`Échéance : ${day(f.echeance)}`}</span>
        <span>
          Client : <Link to={`/pages/clients/${f.client.id}`}>{f.client.nom}</Link>
          {f.client.adresse && `, ${f.client.adresse}`}
        </span>
        <span>{FACTURE_NATURE_LABELS[f.nature]}</span>
      </p>
      <p className="m-0 mb-3">
        {f.ventes.length > 1 ? 'Ventes : ' : 'Vente : '}
        {f.ventes.map((v, i) => (
          <span key={v.id}>
            {i > 0 && ', '}
            <Link to={`/pages/ventes-list/${v.id}`}>{v.numero}</Link>
          </span>
        ))}
      </p>
      {dernier && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          text={`Avoir ${dernier.numero} créé.${dernier.retours.length > 0 ? ' La marchandise est revenue en stock.' : ''}`}
        />
      )}
      {f.note && <p className="m-0 mb-3">{`Note : ${f.note}`}</p>}
      <FactureLignes facture={f} />
      <section className="mt-4" aria-label="Avoirs">
        <h2 className="text-xl mb-2">Avoirs</h2>
        {f.avoirs.length === 0 ? (
          <p className="m-0 text-color-secondary">Aucun avoir.</p>
        ) : (
          <ul className="list-none p-0 m-0">
            {f.avoirs.map((a) => {
              const aPath = avoirPath(serviceId, `/${a.id}`);
              return (
                <li key={a.id} className="flex flex-wrap align-items-center gap-3 py-1">
                  <span className="font-semibold">{a.numero}</span>
                  <span>{formatDate(a.createdAt, timeZone)}</span>
                  <span>{formatMoney(a.montantTtc, f.devise)}</span>
                  <Button
                    type="button"
                    label="PDF"
                    icon="pi pi-file-pdf"
                    text
                    size="small"
                    aria-label={`PDF de l’avoir ${a.numero}`}
                    loading={busy === `avoir-${a.id}`}
                    onClick={() =>
                      void download(`avoir-${a.id}`, `${aPath}/avoir.pdf`, `avoir-${a.numero}.pdf`)
                    }
                  />
                  <Button
                    type="button"
                    label="Envoyer"
                    icon="pi pi-send"
                    text
                    size="small"
                    aria-label={`Envoyer l’avoir ${a.numero}`}
                    onClick={() => setEnvoi({ path: aPath, titre: `Envoyer l’avoir ${a.numero}` })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {avoir && (
        <AvoirDialog
          serviceId={serviceId}
          facture={f}
          onHide={() => setAvoir(false)}
          onDone={(a) => {
            setAvoir(false);
            setDernier(a);
            feedback.success('Avoir créé', `L’avoir ${a.numero} est créé.`);
          }}
        />
      )}
      {envoi && (
        <EnvoiDialog
          path={envoi.path}
          titre={envoi.titre}
          email={f.client.email}
          onHide={() => setEnvoi(null)}
          onSent={(to) => {
            setEnvoi(null);
            feedback.success('Envoyé', `Le PDF est envoyé à ${to}.`);
          }}
        />
      )}
    </div>
  );
}

/** /pages/factures/:id (owner): an invoice, its PDF and XML, « Envoyer », its credit notes. */
export default function FactureDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <FactureDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
