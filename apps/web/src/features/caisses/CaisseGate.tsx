import {
  formatDateTime,
  formatMoney,
  type Caisse,
  type CaisseSessionDetail,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { PageLoading } from '../../components/PageLoading';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import {
  caisseKeys,
  rememberCaisse,
  rememberedCaisse,
  useCaisses,
  useOuvrir,
  useSession,
} from './api';
import { ClotureDialog } from './ClotureDialog';
import { MouvementDialog } from './MouvementDialog';
import { RapportDialog } from './RapportDialog';
import './caisses.css';

interface Props {
  serviceId: number;
  /** The point of sale, once the register of this device has an open session. */
  children: (caisseId: number | undefined) => ReactNode;
}

/**
 * The register of this device (chosen once per shop, remembered): before the first sale it asks to
 * open a session with the counted float; then it shows the open session with the X report, cash in
 * and out and « Clôturer la caisse ».
 */
export function CaisseGate({ serviceId, children }: Props) {
  const caisses = useCaisses(serviceId);
  const { devise: shopDevise, timeZone } = useCurrentShop();
  const devise = shopDevise ?? 'XOF';
  const [chosen, setChosen] = useState(() => rememberedCaisse(serviceId));
  const [dialog, setDialog] = useState<'x' | 'mouvement' | 'cloture' | null>(null);
  const [z, setZ] = useState<CaisseSessionDetail | null>(null);
  const list = caisses.data ?? [];
  const caisse = list.find((c) => c.id === chosen) ?? list[0];
  const sessionId = caisse?.session?.id ?? null;
  const detail = useSession(serviceId, dialog === 'x' || dialog === 'cloture' ? sessionId : null);
  // Without the network (paused or failed): the POS sells offline on the remembered register
  // (features/ventes/hors-ligne); the session is shown again once the registers can be read. The
  // POS keeps its place in the tree either way (see `shell`): the network coming and going never
  // remounts it, which would close a payment under way and forget the count of waiting sales.
  const offline = caisses.isError || (caisses.isPending && caisses.fetchStatus === 'paused');
  if (offline && !caisse?.session) return shell(null, chosen ?? undefined);
  if (caisses.isPending) return <PageLoading />;
  if (!caisse) return null;
  const choose = (id: number) => {
    rememberCaisse(serviceId, id);
    setChosen(id);
  };
  const zDialog = z && (
    <RapportDialog serviceId={serviceId} session={z} devise={devise} onClose={() => setZ(null)} />
  );
  if (!caisse.session)
    return (
      <>
        <OuvertureForm
          serviceId={serviceId}
          caisses={list}
          caisse={caisse}
          devise={devise}
          onChoose={choose}
        />
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
      {list.length > 1 && (
        <Dropdown
          value={caisse.id}
          options={list}
          optionLabel="nom"
          optionValue="id"
          onChange={(e) => choose(e.value as number)}
          aria-label="Caisse de cet appareil"
        />
      )}
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
        onClick={() => setDialog('cloture')}
      />
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
  return shell(bar, caisse.id, dialogs);

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
  caisses: Caisse[];
  caisse: Caisse;
  devise: string;
  onChoose: (id: number) => void;
}) {
  const { serviceId, caisses, caisse, devise, onChoose } = props;
  const [fond, setFond] = useState<number | null>(null);
  const ouvrir = useOuvrir(serviceId);
  const queryClient = useQueryClient();
  return (
    <div className="card max-w-30rem" data-testid="caisse-ouverture">
      <h2 className="mt-0">Ouvrir la caisse</h2>
      <p>Comptez le fond de caisse avant la première vente.</p>
      {caisses.length > 1 && (
        <FormField id="caisse-choix" label="Caisse de cet appareil">
          <Dropdown
            inputId="caisse-choix"
            value={caisse.id}
            options={caisses}
            optionLabel="nom"
            optionValue="id"
            onChange={(e) => onChoose(e.value as number)}
            className="w-full"
          />
        </FormField>
      )}
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
          ouvrir.mutateAsync({ caisseId: caisse.id, fond: fond ?? 0 }).then(
            () => onChoose(caisse.id),
            // Opened meanwhile on another device: the register list shows it open.
            () => queryClient.invalidateQueries({ queryKey: caisseKeys.all(serviceId) }),
          )
        }
      />
    </div>
  );
}
