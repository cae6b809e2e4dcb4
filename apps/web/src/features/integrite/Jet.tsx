import { useState } from 'react';
import { formatDateTime, JOURNAL_TYPE_LABELS, type JournalEntree } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useJet } from './api';

const TAILLE = 20;

/** The technical events journal (JET) of the shop, most recent first, 20 a page. */
export function Jet({ serviceId }: { serviceId: number }) {
  const { timeZone } = useCurrentShop();
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
      <DataTable
        value={jet.data?.items ?? []}
        loading={jet.isPending}
        dataKey="sequence"
        size="small"
        lazy
        paginator
        rows={TAILLE}
        first={(page - 1) * TAILLE}
        totalRecords={jet.data?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        emptyMessage="Aucun événement technique pour l’instant."
        aria-label="Événements techniques"
      >
        <Column header="N°" field="sequence" />
        <Column header="Date" body={(e: JournalEntree) => formatDateTime(e.horodatage, timeZone)} />
        <Column
          header="Événement"
          body={(e: JournalEntree) => JOURNAL_TYPE_LABELS[e.type] ?? e.type}
        />
        <Column header="Référence" field="reference" />
        <Column
          header="Empreinte"
          body={(e: JournalEntree) => <code title={e.hash}>{e.hash.slice(0, 16)}…</code>}
        />
      </DataTable>
    </div>
  );
}
