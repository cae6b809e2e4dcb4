import { useState } from 'react';
import { Message } from 'primereact/message';
import { errorMessage } from '../../lib/errors';
import { useJet } from './api';
import { EntreesJournal } from './EntreesJournal';

const TAILLE = 20;

/** The technical events journal (JET) of the shop, most recent first, 20 a page. */
export function Jet({ serviceId }: { serviceId: number }) {
  const [page, setPage] = useState(1);
  const jet = useJet(serviceId, page, TAILLE);
  return (
    <div className="flex flex-column gap-2">
      <h2 className="m-0 text-xl">Événements techniques</h2>
      <p className="m-0">
        Connexions, exports, archives, vérifications en échec, changements des paramètres de la
        boutique et des prix, anomalies d’horloge : chacun est scellé dans un second journal, chaîné
        comme le premier et vérifié avec lui.
      </p>
      {jet.isError && <Message severity="error" text={errorMessage(jet.error)} />}
      <EntreesJournal
        value={jet.data?.items ?? []}
        loading={jet.isPending}
        label="Événements techniques"
        emptyMessage="Aucun événement technique pour l’instant."
        paging={{ page, taille: TAILLE, total: jet.data?.total ?? 0, onPage: setPage }}
      />
    </div>
  );
}
