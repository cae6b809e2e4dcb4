import { useState } from 'react';
import { formatDateTime, type JournalArchive } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { CardList } from '../../components/list/CardList';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { fetchArchive, useArchives } from './api';

const jour = (d: string) => d.split('-').reverse().join('/');
const taille = (octets: number) =>
  `${(octets / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00A0ko`;
const PERIODE = { jour: 'Journée', mois: 'Mois', exercice: 'Exercice' } as const;

/** The signed archives of the month and year closures: the list, and each one's zip. */
export function Archives({ serviceId }: { serviceId: number }) {
  const { timeZone } = useCurrentShop();
  const archives = useArchives(serviceId);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const phone = useIsPhone();
  const telecharger = async (a: JournalArchive) => {
    setBusy(a.id);
    setFailure(null);
    try {
      downloadBlob(await fetchArchive(serviceId, a.id), a.nom);
    } catch (error) {
      setFailure(`Téléchargement impossible\u00A0: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const empreinte = (a: JournalArchive) => <code title={a.sha256}>{a.sha256.slice(0, 16)}…</code>;
  const bouton = (a: JournalArchive) => (
    <Button
      type="button"
      size="small"
      icon="pi pi-download"
      label="Télécharger"
      aria-label={`Télécharger l’archive ${a.reference}`}
      onClick={() => void telecharger(a)}
      loading={busy === a.id}
      disabled={busy !== null}
    />
  );
  const vide = 'Aucune archive pour l’instant : la première naîtra de la clôture du mois.';
  return (
    <div className="flex flex-column gap-2">
      <h2 className="m-0 text-xl">Archives</h2>
      <p className="m-0">
        Chaque clôture mensuelle ou annuelle produit une archive signée, conservée six ans : les
        entrées du journal depuis la clôture précédente de même période, leurs empreintes, les
        signatures des clôtures et la clé publique. Le fichier LISEZMOI.txt de l’archive explique
        comment la vérifier avec sha256sum et openssl, sans Comptoir.
      </p>
      {archives.isError && <Message severity="error" text={errorMessage(archives.error)} />}
      {failure && <Message severity="error" text={failure} />}
      {phone ? (
        <CardList
          value={archives.data ?? []}
          rowKey={(a) => a.id}
          label="Archives"
          emptyMessage={vide}
          loading={archives.isLoading}
          testId="journal-archives-cards"
          card={(a) => ({
            title: a.reference,
            amount: taille(a.taille),
            status: PERIODE[a.periode],
            details: [
              `Créée le ${formatDateTime(a.createdAt, timeZone)}`,
              `À conserver jusqu’au ${jour(a.conserverJusquAu)}`,
              empreinte(a),
            ],
            actions: bouton(a),
          })}
        />
      ) : (
        <DataTable
          value={archives.data ?? []}
          dataKey="id"
          data-testid="journal-archives"
          size="small"
          loading={archives.isLoading}
          emptyMessage={vide}
        >
          <Column header="Clôture" field="reference" />
          <Column header="Période" body={(a: JournalArchive) => PERIODE[a.periode]} />
          <Column
            header="Créée le"
            body={(a: JournalArchive) => formatDateTime(a.createdAt, timeZone)}
          />
          <Column
            header="À conserver jusqu’au"
            body={(a: JournalArchive) => jour(a.conserverJusquAu)}
          />
          <Column header="Taille" body={(a: JournalArchive) => taille(a.taille)} />
          <Column header="Empreinte SHA-256" body={empreinte} />
          <Column body={bouton} />
        </DataTable>
      )}
    </div>
  );
}
