import type { BonLivraisonResult } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import type { RowError } from '../../../components/import/columns';
import {
  ImportErrorsTable,
  ImportFileFields,
  useImportFile,
} from '../../../components/import/ImportFileFields';
import { lectureProgression, ProgressionLigne } from '../../../components/import/Progression';
import { errorMessage } from '../../../lib/errors';
import { http } from '../../../lib/http';
import { achatPath } from '../api';
import {
  BON_LIVRAISON_FIELDS,
  convertBonLivraison,
  refusedRows,
  type BonLivraisonField,
} from './bon-livraison';

interface Props {
  serviceId: number;
  devise: string;
  /** The rows recognised, and those left out, added to the purchase being entered. */
  onAdd: (result: BonLivraisonResult) => void;
  onHide: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * Fills the purchase being entered from a supplier's delivery note (CSV or Excel, read in the
 * browser): the columns of the reference or barcode, the quantity and the unit cost, then « Lire
 * le bon » matches each row to a product of the shop and names the rows left out. Nothing is
 * written: the recognised rows join the purchase's lines, saved or validated as usual.
 */
export function BonLivraisonDialog({ serviceId, devise, onAdd, onHide }: Props) {
  const file = useImportFile(
    BON_LIVRAISON_FIELDS,
    'Le fichier ne contient aucune ligne sous ses en-têtes.',
  );
  const [errors, setErrors] = useState<RowError[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [result, setResult] = useState<BonLivraisonResult | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setErrors([]);
    setOutcome(null);
    setResult(null);
  };
  const onFile = async (chosen: File | undefined) => {
    reset();
    try {
      await file.choose(chosen);
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  };
  const lire = async () => {
    if (!file.mapping) return;
    reset();
    const converted = convertBonLivraison(file.data, file.mapping, devise);
    if (converted.errors.length > 0) {
      const bad = new Set(converted.errors.map((e) => e.ligne)).size;
      setErrors(converted.errors);
      setOutcome({
        ok: false,
        text: `${plural(bad, 'ligne est illisible', 'lignes sont illisibles')} : corrigez le fichier ou les colonnes choisies.`,
      });
      return;
    }
    setBusy(true);
    try {
      const read = await http.post<BonLivraisonResult>(achatPath(serviceId, '/bon-livraison'), {
        lignes: converted.lignes,
      });
      setResult(read);
      setErrors(refusedRows(read));
      const refusees = read.erreurs.length;
      setOutcome({
        ok: refusees === 0,
        text:
          `${plural(read.lignes.length, 'ligne reconnue', 'lignes reconnues')}` +
          (refusees > 0
            ? `, ${plural(refusees, 'ligne refusée', 'lignes refusées')} (produit inconnu ou archivé, quantité impossible) : voir ci-dessous.`
            : ' : toutes les lignes du bon sont reconnues.'),
      });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const setColumn = (field: BonLivraisonField, value: string) => {
    reset();
    file.setColumn(field, value);
  };
  const ajoutables = result?.lignes.length ?? 0;
  const footer = (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Fermer" text onClick={onHide} />
      <Button
        type="button"
        label="Lire le bon"
        icon="pi pi-search"
        outlined
        loading={busy}
        disabled={!file.mapping || file.missing.length > 0 || busy}
        onClick={() => void lire()}
      />
      <Button
        type="button"
        label={`Ajouter ${plural(ajoutables, 'ligne', 'lignes')} à l’achat`}
        icon="pi pi-plus"
        disabled={ajoutables === 0 || busy}
        onClick={() => result && onAdd(result)}
      />
    </div>
  );
  return (
    <Dialog
      header="Remplir depuis un bon de livraison"
      visible
      onHide={onHide}
      footer={footer}
      style={{ width: '56rem' }}
      breakpoints={{ '960px': '95vw' }}
      modal
    >
      <div className="flex flex-column gap-3">
        <ImportFileFields
          file={file}
          idPrefix="bl"
          hint={
            <>
              Première ligne : les en-têtes (Référence ou Code-barres, Quantité, Coût unitaire).
              Sans coût, le dernier coût du produit est proposé. Quantités et montants comme dans un
              tableur français : « 1,5 », « 2 500 ».
            </>
          }
          count={(n) => plural(n, 'ligne', 'lignes')}
          onFile={(f) => void onFile(f)}
          onColumn={setColumn}
        />
        {file.lecture && <ProgressionLigne id="bl-lecture" {...lectureProgression(file.lecture)} />}
        {outcome && (
          <Message
            severity={outcome.ok ? 'success' : result ? 'warn' : 'error'}
            text={outcome.text}
            className="w-full justify-content-start"
            role={outcome.ok ? 'status' : 'alert'}
          />
        )}
        <ImportErrorsTable errors={errors} label="Lignes refusées du bon" />
      </div>
    </Dialog>
  );
}

/**
 * « Bon de livraison » on the purchase screen: the dialog above, then, once its rows are added,
 * the rows left out stay listed in French above the lines until dismissed.
 */
export function BonLivraisonImport({
  serviceId,
  devise,
  onAdd,
}: {
  serviceId: number;
  devise: string;
  /** Adds the recognised rows to the purchase; returns those it could not add. */
  onAdd: (lignes: BonLivraisonResult['lignes']) => BonLivraisonResult['erreurs'];
}) {
  const [open, setOpen] = useState(false);
  const [refusees, setRefusees] = useState<BonLivraisonResult['erreurs']>([]);
  return (
    <>
      <Button
        type="button"
        label="Bon de livraison…"
        icon="pi pi-file-import"
        outlined
        onClick={() => setOpen(true)}
      />
      {refusees.length > 0 && (
        <Message
          severity="warn"
          className="w-full justify-content-start mt-2"
          data-testid="bl-refusees"
          content={
            <div className="flex flex-column gap-1 w-full">
              <strong>
                {`${plural(refusees.length, 'ligne du bon n’a pas été ajoutée', 'lignes du bon n’ont pas été ajoutées')} : ajoutez ces produits à la main (ou créez-les).`}
              </strong>
              <ul className="m-0 pl-3">
                {refusees.map((e) => (
                  <li key={e.ligne}>{e.message}</li>
                ))}
              </ul>
              <Button
                type="button"
                label="Masquer"
                text
                size="small"
                className="align-self-end"
                onClick={() => setRefusees([])}
              />
            </div>
          }
        />
      )}
      {open && (
        <BonLivraisonDialog
          serviceId={serviceId}
          devise={devise}
          onHide={() => setOpen(false)}
          onAdd={(result) => {
            const refusees = onAdd(result.lignes);
            setRefusees([...result.erreurs, ...refusees].sort((a, b) => a.ligne - b.ligne));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
