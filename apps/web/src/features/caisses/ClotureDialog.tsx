import { formatMoney, MODE_PAIEMENT_LABELS, type CaisseSessionDetail } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { FormField } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { errorMessage } from '../../lib/errors';
import { useCloture } from './api';
import { COMPTAGE_VIDE, comptageCloture, nombreSaisi, type Comptage } from './comptage';

interface Props {
  serviceId: number;
  session: CaisseSessionDetail;
  devise: string;
  onClose: () => void;
  onClosed: (z: CaisseSessionDetail) => void;
}

/** « Clôturer la caisse »: the drawer counted by denomination, the other modes by total. */
export function ClotureDialog({ serviceId, session, devise, onClose, onClosed }: Props) {
  const [comptage, setComptage] = useState<Comptage>(COMPTAGE_VIDE);
  const { nombres, especes, autres, motif } = comptage;
  const set = (patch: Partial<Comptage>) => setComptage((c) => ({ ...c, ...patch }));
  const cloture = useCloture(serviceId, session.id);
  const money = (n: number) => formatMoney(n, devise);
  const figures = comptageCloture(devise, session.rapport, comptage);
  const { coupures, attendu, modes, ecart, motifRequis } = figures;

  // mutateAsync, not a callback of mutate: the closing refreshes the registers, which unmounts this
  // dialog (the session is no longer open) before a callback of mutate would run.
  const submit = () => cloture.mutateAsync(figures.body).then(onClosed, () => undefined);

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
          <MoneyInput
            id="cloture-especes"
            value={especes}
            onChange={(v) => set({ especes: v })}
            devise={devise}
          />
        </FormField>
      ) : (
        <div className="grid">
          {coupures.map((valeur) => (
            <div key={valeur} className="col-12 sm:col-6 md:col-4 flex align-items-center gap-2">
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
                onChange={(e) =>
                  set({ nombres: { ...nombres, [valeur]: nombreSaisi(e.target.value) } })
                }
              />
            </div>
          ))}
        </div>
      )}
      <p data-testid="cloture-especes-total">
        Espèces comptées : <strong>{money(figures.especes)}</strong> (attendu{' '}
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
            onChange={(v) => set({ autres: { ...autres, [mode]: v } })}
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
          onChange={(e) => set({ motif: e.target.value })}
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
          disabled={!figures.pret}
          onClick={submit}
        />
      </div>
    </Dialog>
  );
}
