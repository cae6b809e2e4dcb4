import {
  formatQuantity,
  type ProduitImportLigne,
  type ProduitImportResult,
} from '@comptoir/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/errors';
import { postWithProgress, type Progress } from '../../../lib/progress-request';
import { shopPath } from '../../../lib/shop';
import {
  ImportErrorsTable,
  ImportFileFields,
  useImportFile,
} from '../../../components/import/ImportFileFields';
import { ProgressionLigne } from '../../../components/import/Progression';
import {
  IMPORT_FIELDS,
  convertRows,
  serverRowErrors,
  type ImportField,
  type RowError,
} from './mapping';
import { importProgression } from './progression';

interface Props {
  serviceId: number;
  devise: string | null;
  /** Hidden while an import goes on (or its file is read) in the background: it stays mounted. */
  visible: boolean;
  onHide: () => void;
  /** A file is read or an import runs, or neither (the page shows it while the dialog is hidden). */
  onBusy: (busy: boolean) => void;
  /** The outcome of an import, for a notice when the dialog was hidden meanwhile. */
  onOutcome: (outcome: Outcome) => void;
}

export interface Outcome {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** « 20 000 lignes » (grouped the French way), « 1 ligne ». */
const plural = (n: number, one: string, many: string) =>
  `${formatQuantity(n * 1000)} ${n > 1 ? many : one}`;

/**
 * Import of products from a CSV or Excel file: columns mapped to fields (matched by their French
 * headers), preview of the first rows, « Vérifier » (dry run) and « Importer » (all or nothing),
 * every bad row named with its field and a French message.
 */
export function ImportProduitsDialog({
  serviceId,
  devise,
  visible,
  onHide,
  onBusy,
  onOutcome,
}: Props) {
  const queryClient = useQueryClient();
  const file = useImportFile(
    IMPORT_FIELDS,
    'Le fichier ne contient aucune ligne de produit sous ses en-têtes.',
  );
  const { data, mapping, missing } = file;
  const [errors, setErrors] = useState<RowError[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);

  // Busy while the file is read, then while the import runs: the dialog can be hidden meanwhile.
  const occupe = busy || file.lecture !== null;
  useEffect(() => onBusy(occupe), [occupe, onBusy]);
  useEffect(() => () => onBusy(false), [onBusy]);

  const reset = () => {
    setErrors([]);
    setOutcome(null);
  };

  const onFile = async (chosen: File | undefined) => {
    reset();
    try {
      await file.choose(chosen);
    } catch (error) {
      setOutcome({
        severity: 'error',
        text:
          error instanceof Error && !(error instanceof ApiError)
            ? error.message
            : errorMessage(error),
      });
    }
  };

  const send = async (dryRun: boolean) => {
    if (!mapping || !devise) return;
    reset();
    const converted = convertRows(data, mapping, devise);
    if (converted.errors.length > 0) {
      const bad = new Set(converted.errors.map((e) => e.ligne)).size;
      setErrors(converted.errors);
      setOutcome({
        severity: 'error',
        text: `${plural(bad, 'ligne comporte', 'lignes comportent')} des erreurs : rien n'a été importé.`,
      });
      return;
    }
    setBusy(true);
    const done = (result: Outcome) => {
      setOutcome(result);
      onOutcome(result);
    };
    try {
      const result = await postWithProgress<ProduitImportResult>(
        shopPath(serviceId, 'produits/import'),
        { lignes: converted.lignes satisfies ProduitImportLigne[], dryRun },
        setProgress,
      );
      if (dryRun) {
        done({
          severity: 'info',
          text: `${plural(result.lignes, 'ligne vérifiée', 'lignes vérifiées')} : aucune erreur, prêt à importer.`,
        });
      } else {
        const created = [
          result.categoriesCreees.length > 0
            ? `Catégories créées : ${result.categoriesCreees.join(', ')}.`
            : '',
          result.marquesCreees.length > 0
            ? `Marques créées : ${result.marquesCreees.join(', ')}.`
            : '',
        ].filter(Boolean);
        done({
          severity: 'success',
          text: [
            `${plural(result.importes, 'produit importé', 'produits importés')}.`,
            ...created,
          ].join(' '),
        });
        await Promise.all(
          [
            ['produits', serviceId],
            ['categories', serviceId],
            ['marques', serviceId],
          ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverRowErrors(error.fieldErrors));
      done({ severity: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const setColumn = (field: ImportField, value: string) => {
    reset();
    file.setColumn(field, value);
  };

  // The file read in the browser, then the import sent to the server.
  const etape = progress ?? file.lecture;
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button
        type="button"
        label={
          busy
            ? "Masquer (l'import continue)"
            : file.lecture
              ? 'Masquer (la lecture continue)'
              : 'Fermer'
        }
        text
        onClick={onHide}
      />
      <Button
        type="button"
        label="Vérifier"
        icon="pi pi-check-square"
        outlined
        loading={busy}
        disabled={!mapping || missing.length > 0 || !devise || busy}
        onClick={() => void send(true)}
      />
      <Button
        type="button"
        label="Importer"
        icon="pi pi-upload"
        loading={busy}
        disabled={!mapping || missing.length > 0 || !devise || busy}
        onClick={() => void send(false)}
      />
    </div>
  );

  return (
    <Dialog
      header="Importer des produits"
      visible={visible}
      onHide={onHide}
      footer={footer}
      style={{ width: '64rem' }}
      breakpoints={{ '960px': '95vw' }}
      modal
    >
      <div className="flex flex-column gap-3">
        <ImportFileFields
          file={file}
          idPrefix="import"
          hint={
            <>
              Première ligne : les en-têtes (Nom, Référence, Code-barres, Catégorie, Marque, Unité,
              Prix d'achat, Prix de vente, Prix de gros, TVA (%), Seuil d'alerte, Stock initial).
              Montants et quantités comme dans un tableur français : « 1 234,50 », « 2 500 ».
            </>
          }
          count={(n) => plural(n, 'ligne', 'lignes') + ' de produits'}
          onFile={(f) => void onFile(f)}
          onColumn={setColumn}
        />

        {etape && <ProgressionLigne id="import-progression" {...importProgression(etape)} />}

        {outcome && (
          <Message
            severity={outcome.severity}
            text={outcome.text}
            className="w-full justify-content-start"
            role={outcome.severity === 'error' ? 'alert' : 'status'}
          />
        )}

        <ImportErrorsTable errors={errors} label="Erreurs de l'import" />
      </div>
    </Dialog>
  );
}
