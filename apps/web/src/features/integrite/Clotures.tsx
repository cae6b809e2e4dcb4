import {
  formatDateTime,
  formatMoney,
  MODE_PAIEMENT_LABELS,
  PERIODE_CLOTURE_LABELS,
  type ClotureJournal,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { CardList } from '../../components/list/CardList';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { useCle, useCloturer, useClotures } from './api';

const jour = (d: string) => d.split('-').reverse().join('/');
const taux = (bp: number) => `${(bp / 100).toLocaleString('fr-FR')}\u00A0%`;
const mode = (m: string) => MODE_PAIEMENT_LABELS[m as keyof typeof MODE_PAIEMENT_LABELS] ?? m;

function Detail({ c, devise }: { c: ClotureJournal; devise: string }) {
  const money = (n: number) => formatMoney(n, devise);
  return (
    <div className="flex flex-wrap gap-4 p-2">
      <div>
        <strong>Par taux de TVA</strong>
        {c.tva.map((t) => (
          <div key={t.taux}>
            {taux(t.taux)} : HT {money(t.ht)}, TVA {money(t.tva)}, TTC {money(t.ttc)}
          </div>
        ))}
      </div>
      <div>
        <strong>Par mode de paiement</strong>
        {c.paiements.map((p) => (
          <div key={p.mode}>
            {mode(p.mode)} : {money(p.montant)}
          </div>
        ))}
      </div>
      <div>
        <strong>Opérations</strong>
        <div>
          {c.ventes.nombre} vente{c.ventes.nombre > 1 ? 's' : ''} ({money(c.ventes.ttc)}),{' '}
          {c.retours.nombre} retour{c.retours.nombre > 1 ? 's' : ''} ({money(c.retours.ttc)})
        </div>
        <div>
          Grand total perpétuel : HT {money(c.grandTotal.ht)}, TTC {money(c.grandTotal.ttc)}
        </div>
      </div>
    </div>
  );
}

/** The closures of the journal: close the day, the month or the year; the list; the public key. */
export function Clotures({ serviceId }: { serviceId: number }) {
  const shop = useCurrentShop();
  const { timeZone } = shop;
  const devise = shop.devise ?? 'XOF';
  const clotures = useClotures(serviceId);
  const cle = useCle(serviceId);
  const cloturer = useCloturer(serviceId);
  const faite = cloturer.data;
  const phone = useIsPhone();
  const operations = (c: ClotureJournal) =>
    c.evenements ? `${jour(c.debut)} au ${jour(c.fin)}` : 'aucune';
  const cloturee = (c: ClotureJournal) =>
    `${formatDateTime(c.horodatage, timeZone)}${c.automatique ? ' (automatique)' : ''}`;
  return (
    <div className="flex flex-column gap-2">
      <h2 className="m-0 text-xl">Clôtures</h2>
      <p className="m-0">
        Une clôture totalise, par taux de TVA et par mode de paiement, toutes les opérations depuis
        la clôture précédente de même période, ajoute le grand total perpétuel et est signée par la
        clé de l’installation. Une journée qui a eu des ventes est clôturée automatiquement à
        minuit.
      </p>
      <div className="flex flex-wrap gap-2">
        {(['jour', 'mois', 'exercice'] as const).map((p) => (
          <Button
            key={p}
            type="button"
            severity="secondary"
            label={
              {
                jour: 'Clôturer la journée',
                mois: 'Clôturer le mois',
                exercice: 'Clôturer l’exercice',
              }[p]
            }
            icon="pi pi-lock"
            onClick={() => cloturer.mutate(p)}
            loading={cloturer.isPending && cloturer.variables === p}
            disabled={cloturer.isPending}
          />
        ))}
      </div>
      {cloturer.isError && <Message severity="error" text={errorMessage(cloturer.error)} />}
      {faite && (
        <Message
          severity="success"
          text={`${PERIODE_CLOTURE_LABELS[faite.periode]} ${faite.reference} enregistrée et signée\u00A0: ${faite.evenements} opération${faite.evenements > 1 ? 's' : ''}, total ${formatMoney(faite.total.ttc, devise)} TTC.`}
        />
      )}
      {clotures.isError && <Message severity="error" text={errorMessage(clotures.error)} />}
      {phone ? (
        <>
          <CardList
            value={clotures.data ?? []}
            rowKey={(c) => c.sequence}
            label="Clôtures"
            emptyMessage="Aucune clôture pour l’instant."
            loading={clotures.isLoading}
            testId="clotures-cards"
            card={(c) => ({
              title: c.reference,
              amount: formatMoney(c.total.ttc, devise),
              status: PERIODE_CLOTURE_LABELS[c.periode],
              details: [
                `Opérations du ${operations(c)}`,
                `Clôturée le ${cloturee(c)}`,
                `Grand total TTC : ${formatMoney(c.grandTotal.ttc, devise)}`,
              ],
            })}
          />
          {clotures.data?.[0] && <Detail c={clotures.data[0]} devise={devise} />}
        </>
      ) : (
        <DataTable
          value={clotures.data ?? []}
          dataKey="sequence"
          size="small"
          loading={clotures.isLoading}
          emptyMessage="Aucune clôture pour l’instant."
          rowExpansionTemplate={(c: ClotureJournal) => <Detail c={c} devise={devise} />}
          expandedRows={clotures.data?.slice(0, 1)}
        >
          <Column header="Numéro" field="reference" />
          <Column
            header="Période"
            body={(c: ClotureJournal) => PERIODE_CLOTURE_LABELS[c.periode]}
          />
          <Column header="Opérations du" body={operations} />
          <Column header="Clôturée le" body={cloturee} />
          <Column
            header="Total TTC"
            body={(c: ClotureJournal) => formatMoney(c.total.ttc, devise)}
          />
          <Column
            header="Grand total TTC"
            body={(c: ClotureJournal) => formatMoney(c.grandTotal.ttc, devise)}
          />
        </DataTable>
      )}
      {cle.data && (
        <details>
          <summary>Clé publique de l’installation (Ed25519)</summary>
          <pre className="text-sm" data-testid="cle-publique">
            {cle.data.clePublique}
          </pre>
        </details>
      )}
    </div>
  );
}
