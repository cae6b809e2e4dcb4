import { useState } from 'react';
import { DEFAULT_SHOP_TIME_ZONE, localDate } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Message } from 'primereact/message';
import { FormField } from '../../components/FormField';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { fetchFec } from './api';

/**
 * « Export comptable »: the accounting entries file (FEC) of a period, for the accountant — every
 * sale, return, commercial credit note and repayment as a balanced entry (sales by VAT rate, VAT
 * collected, payment modes, customers).
 */
export function ExportFec({ serviceId }: { serviceId: number }) {
  const { timeZone } = useCurrentShop();
  const today = localDate(new Date(), timeZone ?? DEFAULT_SHOP_TIME_ZONE);
  const [du, setDu] = useState<string | null>(`${today.slice(0, 7)}-01`);
  const [au, setAu] = useState<string | null>(today);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const telecharger = async () => {
    if (!du || !au) return setFailure('Choisissez le premier et le dernier jour de la période.');
    setBusy(true);
    setFailure(null);
    try {
      downloadBlob(await fetchFec(serviceId, du, au), `FEC-${du}-${au}.txt`);
    } catch (error) {
      setFailure(`Export impossible\u00A0: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  const calendar = (id: string, label: string, value: string | null, set: typeof setDu) => (
    <FormField id={id} label={label} className="field m-0">
      <Calendar
        inputId={id}
        value={fromIsoDay(value)}
        onChange={(e) => set(e.value instanceof Date ? toIsoDay(e.value) : null)}
        dateFormat="dd/mm/yy"
        showIcon
      />
    </FormField>
  );
  return (
    <div className="flex flex-column gap-2">
      <h2 className="m-0 text-xl">Export comptable</h2>
      <p className="m-0">
        Le fichier des écritures comptables (FEC, article A47 A-1 du livre des procédures fiscales)
        de la période, à remettre au comptable : chaque vente, retour, avoir commercial et règlement
        y est une écriture équilibrée (ventes par taux de TVA, TVA collectée, modes de paiement,
        clients).
      </p>
      {failure && <Message severity="error" text={failure} />}
      <div className="flex flex-wrap gap-3 align-items-end">
        {calendar('fec-du', 'Du', du, setDu)}
        {calendar('fec-au', 'Au', au, setAu)}
        <Button
          type="button"
          icon="pi pi-download"
          label="Télécharger le FEC"
          onClick={() => void telecharger()}
          loading={busy}
        />
      </div>
    </div>
  );
}
