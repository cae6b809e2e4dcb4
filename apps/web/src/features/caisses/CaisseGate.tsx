import {
  formatDateTime,
  formatMoney,
  type Caisse,
  type CaisseSessionDetail,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { PageLoading } from '../../components/PageLoading';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import {
  caisseKeys,
  rememberCaisse,
  rememberedCaisse,
  useAppareils,
  useCaisses,
  useChoisirCaisse,
  useOuvrir,
  useSession,
} from './api';
import { autreAppareil, ChoixCaisse, risquePartage } from './ChoixCaisse';
import { ClotureDialog } from './ClotureDialog';
import { MouvementDialog } from './MouvementDialog';
import { RapportDialog } from './RapportDialog';
import './caisses.css';

interface Props {
  serviceId: number;
  /** The point of sale, once the register of this device has an open session. */
  children: (caisseId: number | undefined) => ReactNode;
  /** Sales of this register still waiting on this device (the server cannot know them). */
  enAttente?: (caisseId: number) => Promise<number>;
}

/** Closing is refused while this device holds unsent sales of the register. */
export const clotureBloquee = (n: number) => {
  const s = n > 1 ? 's' : '';
  return (
    `${n} vente${s} de cette caisse attend${n > 1 ? 'ent' : ''} encore d’être envoyée${s} depuis ` +
    'cet appareil : la caisse ne peut pas être clôturée avant. Reconnectez l’appareil et attendez ' +
    '« Aucune vente en attente » (réglez d’abord les ventes refusées), puis clôturez.'
  );
};

/**
 * The register of this device (chosen explicitly once per shop, remembered, recorded on the server
 * with the device's id): before the first sale it asks to choose it, then to open a session with
 * the counted float; then it shows the open session with the X report, cash in and out and
 * « Clôturer la caisse » (refused while this device holds unsent sales of the register).
 */
export function CaisseGate({ serviceId, children, enAttente }: Props) {
  const caisses = useCaisses(serviceId);
  const { devise: shopDevise, timeZone } = useCurrentShop();
  const devise = shopDevise ?? 'XOF';
  const [chosen, setChosen] = useState(() => rememberedCaisse(serviceId));
  const [dialog, setDialog] = useState<'x' | 'mouvement' | 'cloture' | null>(null);
  const [z, setZ] = useState<CaisseSessionDetail | null>(null);
  const [changing, setChanging] = useState(false);
  const [bloquee, setBloquee] = useState(0);
  const appareils = useAppareils(serviceId);
  const claim = useChoisirCaisse(serviceId);
  const list = caisses.data ?? [];
  const caisse = list.find((c) => c.id === chosen);
  // A register chosen before devices were recorded: this device claims it, unless another holds it.
  const unclaimed = Boolean(
    caisse && appareils.data && !appareils.data.some((a) => a.caisseId === caisse.id),
  );
  const { mutate: claimCaisse } = claim;
  useEffect(() => {
    if (unclaimed && caisse) claimCaisse(caisse.id);
  }, [unclaimed, caisse, claimCaisse]);
  const sessionId = caisse?.session?.id ?? null;
  const detail = useSession(serviceId, dialog === 'x' || dialog === 'cloture' ? sessionId : null);
  // Without the network (paused or failed): the POS sells offline on the remembered register
  // (features/ventes/hors-ligne); the session is shown again once the registers can be read. The
  // POS keeps its place in the tree either way (see `shell`): the network coming and going never
  // remounts it, which would close a payment under way and forget the count of waiting sales.
  const offline = caisses.isError || (caisses.isPending && caisses.fetchStatus === 'paused');
  if (offline && !caisse?.session) return shell(null, chosen ?? undefined);
  if (caisses.isPending) return <PageLoading />;
  const choose = (id: number) => {
    rememberCaisse(serviceId, id);
    setChosen(id);
    setChanging(false);
  };
  if (!caisse || changing)
    return (
      <ChoixCaisse
        serviceId={serviceId}
        caisses={list}
        devise={devise}
        timeZone={timeZone}
        onChosen={choose}
        onCancel={caisse ? () => setChanging(false) : undefined}
      />
    );
  const changer = list.length > 1 && (
    <Button
      label="Changer de caisse"
      aria-label="Changer de caisse"
      icon="pi pi-sync"
      size="small"
      text
      onClick={() => setChanging(true)}
    />
  );
  const autre = autreAppareil(appareils.data, caisse.id);
  const partage = autre && (
    <Message
      severity="warn"
      className="w-full justify-content-start mb-2"
      text={risquePartage(caisse.nom, autre, timeZone)}
      data-testid="caisse-partagee"
    />
  );
  const zDialog = z && (
    <RapportDialog serviceId={serviceId} session={z} devise={devise} onClose={() => setZ(null)} />
  );
  if (!caisse.session)
    return (
      <>
        {partage}
        <OuvertureForm serviceId={serviceId} caisse={caisse} devise={devise} changer={changer} />
        {zDialog}
      </>
    );
  const s = caisse.session;
  const bar = (
    <div className="caisse-bar" data-testid="caisse-bar">
      <span className="caisse-bar-session">
        <strong>{caisse.nom}</strong>
        <span className="caisse-bar-details">
          {' '}
          · session ouverte le {formatDateTime(s.ouverteLe, timeZone)} par {s.ouvertPar.prenom}{' '}
          {s.ouvertPar.nom} (fond {formatMoney(s.fond, devise)})
        </span>
      </span>
      {changer}
      <Button
        label="Rapport X"
        aria-label="Rapport X"
        icon="pi pi-chart-bar"
        size="small"
        outlined
        onClick={() => setDialog('x')}
      />
      <Button
        label="Entrée / sortie"
        aria-label="Entrée / sortie"
        icon="pi pi-arrows-v"
        size="small"
        outlined
        onClick={() => setDialog('mouvement')}
      />
      <Button
        label="Clôturer la caisse"
        aria-label="Clôturer la caisse"
        icon="pi pi-lock"
        size="small"
        severity="danger"
        outlined
        onClick={() =>
          void (enAttente?.(caisse.id) ?? Promise.resolve(0)).then((n) => {
            setBloquee(n);
            if (n === 0) setDialog('cloture');
          })
        }
      />
      {bloquee > 0 && (
        <Message
          severity="error"
          className="w-full justify-content-start"
          text={clotureBloquee(bloquee)}
          data-testid="cloture-bloquee"
        />
      )}
    </div>
  );
  const dialogs = (
    <>
      {dialog === 'mouvement' && (
        <MouvementDialog
          serviceId={serviceId}
          sessionId={s.id}
          devise={devise}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'x' && detail.data && (
        <RapportDialog
          serviceId={serviceId}
          session={detail.data}
          devise={devise}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cloture' && detail.data && (
        <ClotureDialog
          serviceId={serviceId}
          session={detail.data}
          devise={devise}
          onClose={() => setDialog(null)}
          onClosed={(closed) => {
            setDialog(null);
            setZ(closed);
          }}
        />
      )}
      {zDialog}
    </>
  );
  return shell(
    <>
      {partage}
      {bar}
    </>,
    caisse.id,
    dialogs,
  );

  /** The session bar (none offline), the POS always in the same place, then the dialogs. */
  function shell(top: ReactNode, caisseId: number | undefined, after: ReactNode = null) {
    return (
      <>
        {top}
        {children(caisseId)}
        {after}
      </>
    );
  }
}

function OuvertureForm(props: {
  serviceId: number;
  caisse: Caisse;
  devise: string;
  changer: ReactNode;
}) {
  const { serviceId, caisse, devise, changer } = props;
  const [fond, setFond] = useState<number | null>(null);
  const ouvrir = useOuvrir(serviceId);
  const queryClient = useQueryClient();
  return (
    <div className="card max-w-30rem" data-testid="caisse-ouverture">
      <h2 className="mt-0">Ouvrir la caisse</h2>
      <p>Comptez le fond de caisse avant la première vente.</p>
      <FormField id="caisse-fond" label={`Fond de caisse de « ${caisse.nom} »`}>
        <MoneyInput id="caisse-fond" value={fond} onChange={setFond} devise={devise} live />
      </FormField>
      {ouvrir.isError && (
        <p className="field-error" role="alert">
          {errorMessage(ouvrir.error)}
        </p>
      )}
      <Button
        label="Ouvrir la caisse"
        icon="pi pi-lock-open"
        loading={ouvrir.isPending}
        onClick={() =>
          // mutateAsync: opening refreshes the registers, which unmounts this form.
          ouvrir.mutateAsync({ caisseId: caisse.id, fond: fond ?? 0 }).catch(
            // Opened meanwhile on another device: the register list shows it open.
            () => queryClient.invalidateQueries({ queryKey: caisseKeys.all(serviceId) }),
          )
        }
      />
      {changer}
    </div>
  );
}
