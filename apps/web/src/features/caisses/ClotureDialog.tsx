import {
  coupuresOf,
  formatMoney,
  MODE_PAIEMENT_LABELS,
  MODES_HORS_ESPECES,
  seuilMotifEcart,
  totalCoupures,
  type CaisseSessionDetail,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { errorMessage } from '../../lib/errors';
import { useCloture } from './api';

interface Props {
  serviceId: number;
  session: CaisseSessionDetail;
  devise: string;
  onClose: () => void;
  onClosed: (z: CaisseSessionDetail) => void;
}

/** « Clôturer la caisse »: the drawer counted by denomination, the other modes by total. */
export function ClotureDialog({ serviceId, session, devise, onClose, onClosed }: Props) {
  const coupures = coupuresOf(devise);
  const [nombres, setNombres] = useState<Record<number, number>>({});
  const [especes, setEspeces] = useState<number | null>(null);
  const [autres, setAutres] = useState<Record<string, number | null>>({});
  const [motif, setMotif] = useState('');
  const cloture = useCloture(serviceId, session.id);
  const money = (n: number) => formatMoney(n, devise);
  const compteEspeces =
    coupures === null
      ? (especes ?? 0)
      : totalCoupures(coupures.map((valeur) => ({ valeur, nombre: nombres[valeur] ?? 0 })));
  const attendu = (mode: string) =>
    session.rapport.modes.find((m) => m.mode === mode)?.attendu ?? 0;
  const modes = MODES_HORS_ESPECES.filter((m) => attendu(m) !== 0);
  const ecarts = [
    compteEspeces - attendu('especes'),
    ...modes.map((m) => (autres[m] ?? 0) - attendu(m)),
  ];
  const ecart = ecarts.reduce((a, b) => a + b, 0);
  const motifRequis = ecarts.some((e) => Math.abs(e) > seuilMotifEcart(devise));

  // mutateAsync, not a callback of mutate: the closing refreshes the registers, which unmounts this
  // dialog (the session is no longer open) before a callback of mutate would run.
  const submit = () =>
    cloture
      .mutateAsync({
        coupures:
          coupures === null
            ? []
            : coupures
                .filter((v) => (nombres[v] ?? 0) > 0)
                .map((valeur) => ({ valeur, nombre: nombres[valeur]! })),
        especes: coupures === null ? (especes ?? 0) : null,
        autres: modes.map((mode) => ({ mode, montant: autres[mode] ?? 0 })),
        motifEcart: motif.trim() || null,
      })
      .then(onClosed, () => undefined);

  return (
    <Dialog
      header="Clôturer la caisse"
      visible
      onHide={onClose}
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '100vw' }}
      modal
    >
      <h4 className="mt-0">Espèces</h4>
      {coupures === null ? (
        <FormField id="cloture-especes" label="Espèces comptées">
          <MoneyInput id="cloture-especes" value={especes} onChange={setEspeces} devise={devise} />
        </FormField>
      ) : (
        <div className="grid">
          {coupures.map((valeur) => (
            <div key={valeur} className="col-6 md:col-4 flex align-items-center gap-2">
              <label htmlFor={`coupure-${valeur}`} className="w-7rem text-right">
                {money(valeur)} ×
              </label>
              <input
                id={`coupure-${valeur}`}
                className="p-inputtext w-5rem"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={nombres[valeur] ?? ''}
                onChange={(e) => {
                  const n = Math.max(0, Math.floor(Number(e.target.value) || 0));
                  setNombres((v) => ({ ...v, [valeur]: n }));
                }}
              />
            </div>
          ))}
        </div>
      )}
      <p data-testid="cloture-especes-total">
        Espèces comptées : <strong>{money(compteEspeces)}</strong> (attendu{' '}
        {money(attendu('especes'))})
      </p>
      {modes.map((mode) => (
        <FormField
          key={mode}
          id={`cloture-${mode}`}
          label={`${MODE_PAIEMENT_LABELS[mode]} (attendu ${money(attendu(mode))})`}
        >
          <MoneyInput
            id={`cloture-${mode}`}
            value={autres[mode] ?? null}
            onChange={(v) => setAutres((a) => ({ ...a, [mode]: v }))}
            devise={devise}
            live
          />
        </FormField>
      ))}
      <p data-testid="cloture-ecart">
        Écart : <strong>{money(ecart)}</strong>
      </p>
      <FormField
        id="cloture-motif"
        label={motifRequis ? 'Motif de l’écart (obligatoire)' : 'Motif de l’écart'}
      >
        <InputTextarea
          id="cloture-motif"
          value={motif}
          onChange={(e) => setMotif(e.target.value)}
          rows={2}
          className="w-full"
          maxLength={500}
        />
      </FormField>
      {cloture.isError && (
        <p className="field-error" role="alert">
          {errorMessage(cloture.error)}
        </p>
      )}
      <div className="flex justify-content-end gap-2">
        <Button label="Annuler" severity="secondary" outlined onClick={onClose} />
        <Button
          label="Clôturer et établir le Z"
          icon="pi pi-lock"
          loading={cloture.isPending}
          disabled={motifRequis && !motif.trim()}
          onClick={submit}
        />
      </div>
    </Dialog>
  );
}
