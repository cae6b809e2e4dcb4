import { formatDateTime, formatMoney, type Caisse, type CaisseAppareil } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { appareilId } from '../../lib/shop';
import { useAppareils, useChoisirCaisse } from './api';

/** The device other than this one that chose the register last, if any. */
export function autreAppareil(
  appareils: readonly CaisseAppareil[] | undefined,
  caisseId: number,
): CaisseAppareil | null {
  const a = appareils?.find((x) => x.caisseId === caisseId);
  return a && a.appareil !== appareilId() ? a : null;
}

/** Why two devices must not share a register, in the cashier's words. */
export function risquePartage(nom: string, a: CaisseAppareil, timeZone: string | undefined) {
  return (
    `« ${nom} » est la caisse d’un autre appareil (choisie par ${a.utilisateur.prenom} ` +
    `${a.utilisateur.nom} le ${formatDateTime(a.depuis, timeZone)}). Deux appareils sur une même ` +
    'caisse donnent les mêmes numéros quand ils vendent hors ligne : les ventes de l’un seront ' +
    'refusées à la synchronisation. Choisissez une autre caisse, ou demandez au propriétaire ' +
    'd’en ajouter une.'
  );
}

interface Props {
  serviceId: number;
  caisses: Caisse[];
  devise: string;
  timeZone: string | undefined;
  onChosen: (caisseId: number) => void;
  onCancel?: (() => void) | undefined;
}

/**
 * The register of this device, chosen explicitly before its first sale (docs/regles-metier.md
 * « Caisses et sessions »): each register with its session (open since when, by whom) and the
 * device that holds it; taking another device's register asks for confirmation, naming the risk.
 */
export function ChoixCaisse({ serviceId, caisses, devise, timeZone, onChosen, onCancel }: Props) {
  const appareils = useAppareils(serviceId);
  const choisir = useChoisirCaisse(serviceId);
  const [confirmer, setConfirmer] = useState<Caisse | null>(null);
  const take = (c: Caisse) =>
    choisir.mutateAsync(c.id).then(
      () => onChosen(c.id),
      () => undefined,
    );
  const pick = (c: Caisse) => {
    if (autreAppareil(appareils.data, c.id)) setConfirmer(c);
    else void take(c);
  };
  const autre = confirmer && autreAppareil(appareils.data, confirmer.id);
  return (
    <div className="card max-w-40rem" data-testid="caisse-choix">
      <h2 className="mt-0">Caisse de cet appareil</h2>
      <p>Choisissez la caisse sur laquelle cet appareil vend. Un appareil par caisse.</p>
      <ul className="list-none p-0 m-0 flex flex-column gap-2">
        {caisses.map((c) => {
          const a = autreAppareil(appareils.data, c.id);
          return (
            <li
              key={c.id}
              className="flex flex-wrap align-items-center gap-2 border-1 surface-border border-round p-2"
            >
              <div className="flex-1" style={{ minWidth: '12rem' }}>
                <strong>{c.nom}</strong>
                <div className="text-sm">
                  {c.session
                    ? `Session ouverte le ${formatDateTime(c.session.ouverteLe, timeZone)} par ${c.session.ouvertPar.prenom} ${c.session.ouvertPar.nom} (fond ${formatMoney(c.session.fond, devise)})`
                    : 'Pas de session ouverte'}
                </div>
                {a && (
                  <div className="text-sm text-orange-600">
                    Choisie sur un autre appareil par {a.utilisateur.prenom} {a.utilisateur.nom} le{' '}
                    {formatDateTime(a.depuis, timeZone)}
                  </div>
                )}
              </div>
              <Button
                label="Vendre sur cette caisse"
                aria-label={`Vendre sur « ${c.nom} »`}
                size="small"
                outlined={Boolean(a)}
                disabled={appareils.isPending || choisir.isPending}
                onClick={() => pick(c)}
              />
            </li>
          );
        })}
      </ul>
      {confirmer && autre && (
        <div className="mt-3" data-testid="caisse-partagee">
          <Message
            severity="warn"
            className="w-full justify-content-start"
            text={risquePartage(confirmer.nom, autre, timeZone)}
          />
          <div className="flex gap-2 mt-2">
            <Button
              label="Choisir quand même"
              severity="warning"
              size="small"
              loading={choisir.isPending}
              onClick={() => void take(confirmer)}
            />
            <Button label="Annuler" size="small" text onClick={() => setConfirmer(null)} />
          </div>
        </div>
      )}
      {choisir.isError && (
        <p className="field-error" role="alert">
          {errorMessage(choisir.error)}
        </p>
      )}
      {onCancel && (
        <Button label="Garder la caisse actuelle" className="mt-3" text onClick={onCancel} />
      )}
    </div>
  );
}
