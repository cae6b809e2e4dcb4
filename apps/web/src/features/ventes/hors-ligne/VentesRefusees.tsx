import { formatMoney, type Vente, type VenteRenumerotee } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { useSession } from '../../../lib/use-session';
import { fetchTicketPdf, shareTicket } from '../ticket/api';
import type { VenteEnFile } from './file';
import { ecarter, renumeroter } from './refusees';
import type { HorsLigne } from './use-hors-ligne';

/**
 * The sales the server refused at the sync, under the network indicator: number, total and reason, with
 * « Enregistrer sous le prochain numéro » and, for the owner, « Écarter » with a reason.
 */
export function VentesRefusees({ serviceId, etat }: { serviceId: number; etat: HorsLigne }) {
  const { role } = useSession();
  const [done, setDone] = useState<VenteRenumerotee | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ecartee, setEcartee] = useState<string | null>(null);
  const ticket = async (r: VenteRenumerotee) => {
    try {
      await shareTicket(await fetchTicketPdf(serviceId, r.venteId, '80'), r);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const act = async (run: () => Promise<void>) => {
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(errorMessage(e));
    }
    await etat.relancer();
  };
  if (etat.refusees.length === 0 && !done && !ecartee) return null;
  return (
    <div className="flex flex-column gap-2 mb-2" data-testid="ventes-refusees">
      {etat.refusees.map((e) => (
        <Refusee
          key={e.cle}
          e={e}
          owner={role === 'ROLE_PROPRIETAIRE'}
          onRenumeroter={() =>
            act(async () => {
              setEcartee(null);
              setDone(await renumeroter(serviceId, e));
            })
          }
          onEcarter={(motif) =>
            act(async () => {
              setDone(null);
              setEcartee((await ecarter(serviceId, e, motif)).numero);
            })
          }
        />
      ))}
      {error && <Message severity="error" text={error} className="justify-content-start" />}
      {done && (
        <div className="flex flex-wrap align-items-center gap-2" role="status">
          <span>
            Vente enregistrée sous le numéro {done.numero} (numéro donné hors ligne :{' '}
            {done.numeroInitial}).
          </span>
          <Button
            label="Ticket"
            icon="pi pi-print"
            size="small"
            text
            onClick={() => void ticket(done)}
          />
        </div>
      )}
      {ecartee && (
        <span role="status">
          Vente {ecartee} écartée : elle reste visible du propriétaire avec son motif (
          <Link to="/pages/caisses/ventes-ecartees">ventes écartées</Link>).
        </span>
      )}
    </div>
  );
}

function Refusee(props: {
  e: VenteEnFile<Vente>;
  owner: boolean;
  onRenumeroter: () => Promise<void>;
  onEcarter: (motif: string) => Promise<void>;
}) {
  const { e, owner } = props;
  const [busy, setBusy] = useState(false);
  const [motif, setMotif] = useState<string | null>(null);
  const run = (p: () => Promise<void>) => {
    setBusy(true);
    void p().finally(() => setBusy(false));
  };
  return (
    <div className="border-1 border-red-300 border-round p-2" data-testid="vente-refusee">
      <div>
        <strong>Vente {e.recu.numero} refusée</strong> (
        {formatMoney(e.recu.totalTtc, e.recu.devise)}) : {e.erreur}
      </div>
      <div className="flex flex-wrap gap-2 mt-2">
        <Button
          label="Enregistrer sous le prochain numéro"
          size="small"
          loading={busy}
          onClick={() => run(props.onRenumeroter)}
        />
        {owner && motif === null && (
          <Button
            label="Écarter"
            size="small"
            severity="danger"
            outlined
            onClick={() => setMotif('')}
          />
        )}
      </div>
      {owner && motif !== null && (
        <div className="flex flex-column gap-2 mt-2">
          <label htmlFor={`motif-${e.cle}`}>Motif de l’écart (gardé au journal)</label>
          <InputTextarea
            id={`motif-${e.cle}`}
            value={motif}
            rows={2}
            onChange={(ev) => setMotif(ev.target.value)}
          />
          <div className="flex gap-2">
            <Button
              label="Écarter la vente"
              size="small"
              severity="danger"
              loading={busy}
              disabled={motif.trim() === ''}
              onClick={() => run(() => props.onEcarter(motif))}
            />
            <Button label="Annuler" size="small" text onClick={() => setMotif(null)} />
          </div>
        </div>
      )}
    </div>
  );
}
