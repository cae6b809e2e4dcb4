import { JOURNAL_TYPE_LABELS } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { errorMessage } from '../../lib/errors';
import { useDernieresEntrees, useVerification } from './api';
import { Archives } from './Archives';
import { Clotures } from './Clotures';
import { EntreesJournal } from './EntreesJournal';
import { ExportFec } from './ExportFec';
import { Jet } from './Jet';

function Verification({ serviceId }: { serviceId: number }) {
  const verifier = useVerification(serviceId);
  const r = verifier.data;
  return (
    <div className="flex flex-column gap-2 align-items-start">
      <Button
        type="button"
        label="Vérifier l’intégrité du journal"
        icon="pi pi-shield"
        onClick={() => verifier.mutate()}
        loading={verifier.isPending}
      />
      {verifier.isError && <Message severity="error" text={errorMessage(verifier.error)} />}
      {r?.valide && (
        <Message
          severity="success"
          text={`Journal intact\u00A0: ${r.entrees} entrée${r.entrees > 1 ? 's' : ''} vérifiée${r.entrees > 1 ? 's' : ''}, chaîne des empreintes complète\u00A0; ${r.jet.entrees} événement${r.jet.entrees > 1 ? 's' : ''} technique${r.jet.entrees > 1 ? 's' : ''}, chaîne complète.`}
        />
      )}
      {r && !r.valide && r.rupture && (
        <Message
          severity="error"
          text={`Journal altéré — première entrée fautive\u00A0: n° ${r.rupture.sequence}${
            r.rupture.type
              ? ` (${JOURNAL_TYPE_LABELS[r.rupture.type] ?? r.rupture.type} ${r.rupture.reference})`
              : ''
          }. ${r.rupture.motif}`}
        />
      )}
    </div>
  );
}

function Integrite({ serviceId }: { serviceId: number }) {
  const entrees = useDernieresEntrees(serviceId);
  return (
    <div className="card-surface flex flex-column gap-3">
      <PageHeader title="Intégrité" />
      <p className="m-0">
        Chaque vente, retour, règlement et clôture est inscrit dans le journal inaltérable de la
        boutique, chaque entrée scellée par l’empreinte SHA-256 de la précédente&nbsp;; les
        événements techniques ont leur propre chaîne. La vérification recalcule les deux chaînes et
        nomme la première entrée qui ne correspond pas.
      </p>
      <Verification serviceId={serviceId} />
      <Clotures serviceId={serviceId} />
      <Archives serviceId={serviceId} />
      <ExportFec serviceId={serviceId} />
      <Jet serviceId={serviceId} />
      <h2 className="m-0 text-xl">Dernières entrées</h2>
      {entrees.isError && <Message severity="error" text={errorMessage(entrees.error)} />}
      <EntreesJournal
        value={entrees.data ?? []}
        loading={entrees.isLoading}
        label="Dernières entrées"
        emptyMessage="Aucune entrée pour l’instant."
      />
    </div>
  );
}

/** `/pages/integrite` (owner): the shop's inalterable journal and its verification. */
export default function IntegriteRoute() {
  return <WithShop>{(serviceId) => <Integrite serviceId={serviceId} />}</WithShop>;
}
