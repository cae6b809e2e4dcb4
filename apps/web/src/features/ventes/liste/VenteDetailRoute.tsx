import { formatDateTime, type Retour } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { WithShop } from '../../../components/WithShop';
import { errorMessage } from '../../../lib/errors';
import { useDialogParam } from '../../../lib/use-dialog-param';
import { useFeedback } from '../../../lib/use-feedback';
import { downloadBlob } from '../../../lib/download';
import { fetchTicketPdf, ticketFileName } from '../ticket/api';
import type { ReceiptWidth } from '../ticket/receipt-format';
import { useVente, useVenteMouvements } from './api';
import { Reimpression } from './Reimpression';
import { RetourDialog } from '../retours/RetourDialog';
import { retournable } from '../retours/retour';
import { VenteStatutTag } from './statut';
import { VenteLignes } from './VenteLignes';
import { VenteDette, VenteMouvements, VentePaiements, VenteRetours } from './VenteReglements';
import { useCurrentShop } from '../../../lib/shop';
import { FacturerVente } from '../../factures';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mt-4" aria-label={title}>
    <h2 className="text-xl mb-2">{title}</h2>
    {children}
  </section>
);

function VenteDetail({ serviceId, id }: { serviceId: number; id: number }) {
  const { timeZone } = useCurrentShop();
  const vente = useVente(serviceId, id);
  const mouvements = useVenteMouvements(serviceId, id);
  const dialog = useDialogParam('retour');
  const feedback = useFeedback();
  const [dernierRetour, setDernierRetour] = useState<Retour | null>(null);
  const [pdf, setPdf] = useState(false);
  const [largeur, setLargeur] = useState<ReceiptWidth>('80');

  if (vente.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(vente.error)}
        className="w-full justify-content-start"
      />
    );
  if (vente.isPending) return <p role="status">Chargement…</p>;
  const v = vente.data;
  const returnable = v.lignes.some((l) => retournable(l) > 0);

  const downloadPdf = async () => {
    setPdf(true);
    try {
      downloadBlob(await fetchTicketPdf(serviceId, v.id, largeur), ticketFileName(v));
    } catch (error) {
      feedback.actionError('Téléchargement impossible')(error);
    } finally {
      setPdf(false);
    }
  };

  return (
    <div className="card-surface">
      <PageHeader title={`Vente ${v.numero}`}>
        <Reimpression serviceId={serviceId} vente={v} largeur={largeur} onLargeur={setLargeur} />
        <FacturerVente serviceId={serviceId} vente={v} />
        <Button
          type="button"
          label="Télécharger le PDF"
          icon="pi pi-file-pdf"
          outlined
          loading={pdf}
          onClick={() => void downloadPdf()}
        />
        <Button
          type="button"
          label="Retourner des articles"
          icon="pi pi-replay"
          severity="warning"
          disabled={!returnable}
          onClick={() => dialog.open('new')}
        />
      </PageHeader>
      <p className="m-0 mb-3 flex flex-wrap gap-3 align-items-center">
        <VenteStatutTag statut={v.statut} />
        <span>{formatDateTime(v.createdAt, timeZone)}</span>
        <span>{`Vendeur : ${v.vendeur.prenom} ${v.vendeur.nom}`}</span>
        <span>{`Type : ${v.typeVente.nom}`}</span>
        <span>
          Client :{' '}
          {v.client ? <Link to={`/pages/clients/${v.client.id}`}>{v.client.nom}</Link> : 'aucun'}
        </span>
      </p>
      {dernierRetour && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          text={`Retour ${dernierRetour.numero} enregistré.${dernierRetour.rembourse > 0 ? ' Remboursement effectué.' : ''}${dernierRetour.avoir > 0 ? ' Avoir porté au compte du client.' : ''}`}
          data-testid="retour-enregistre"
        />
      )}
      {v.note && <p className="m-0 mb-3">{`Note : ${v.note}`}</p>}
      <VenteLignes vente={v} />
      <Section title="Paiements">
        <VentePaiements vente={v} />
      </Section>
      <Section title="Dette">
        <VenteDette vente={v} />
      </Section>
      <Section title="Retours">
        <VenteRetours vente={v} />
      </Section>
      <Section title="Mouvements de stock">
        {mouvements.isError && (
          <Message
            severity="error"
            text={errorMessage(mouvements.error)}
            className="w-full justify-content-start mb-3"
          />
        )}
        <VenteMouvements vente={v} mouvements={mouvements.data} loading={mouvements.isFetching} />
      </Section>
      {dialog.target !== null && returnable && (
        <RetourDialog
          serviceId={serviceId}
          vente={v}
          onHide={dialog.close}
          onDone={(retour) => {
            dialog.close();
            setDernierRetour(retour);
            feedback.success('Retour enregistré', `Le retour ${retour.numero} est enregistré.`);
          }}
        />
      )}
    </div>
  );
}

/** /pages/ventes-list/:id (manager and owner): a sale, its payments, debt, returns and movements. A validated sale is never edited. */
export default function VenteDetailRoute() {
  const { id } = useParams();
  if (!id || !/^\d{1,12}$/.test(id)) return <Navigate to="/notfound" replace />;
  return (
    <WithShop>
      {(serviceId) => (
        <VenteDetail key={`${serviceId}-${id}`} serviceId={serviceId} id={Number(id)} />
      )}
    </WithShop>
  );
}
