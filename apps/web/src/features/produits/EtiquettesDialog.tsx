import {
  ETIQUETTE_QUANTITE_MAX,
  ETIQUETTES_MAX,
  type EtiquettesInput,
  type Produit,
} from '@comptoir/shared';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { http } from '../../lib/http';
import { useToast } from '../../lib/toast';

interface Props {
  serviceId: number;
  produits: Produit[];
  onHide: () => void;
}

/** Barcode labels of the chosen products: a number of labels each (1 at first), then a PDF for A4 sheets of 3 × 8. */
export function EtiquettesDialog({ serviceId, produits, onHide }: Props) {
  const toast = useToast();
  const [quantites, setQuantites] = useState<Record<number, number | null>>({});
  const quantite = (p: Produit) => (quantites[p.id] === undefined ? 1 : quantites[p.id]);
  const lignes = produits.map((p) => ({ produitId: p.id, quantite: quantite(p) ?? 0 }));
  const total = lignes.reduce((sum, l) => sum + l.quantite, 0);
  const invalid =
    lignes.some((l) => l.quantite < 1 || l.quantite > ETIQUETTE_QUANTITE_MAX) ||
    total > ETIQUETTES_MAX;
  const print = useMutation({
    mutationFn: (body: EtiquettesInput) =>
      http.blob(`/api/services/${serviceId}/produits/etiquettes`, { method: 'POST', body }),
    onSuccess: (pdf) => {
      downloadBlob(pdf, 'etiquettes.pdf');
      toast({
        severity: 'success',
        summary: 'Étiquettes prêtes',
        detail: `${total} étiquette${total > 1 ? 's' : ''} dans etiquettes.pdf.`,
      });
      onHide();
    },
  });
  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button type="button" label="Annuler" icon="pi pi-times" text onClick={onHide} />
      <Button
        type="button"
        label="Imprimer"
        icon="pi pi-print"
        loading={print.isPending}
        disabled={invalid || produits.length === 0}
        onClick={() => print.mutate({ lignes, format: '3x8' })}
      />
    </div>
  );
  return (
    <Dialog
      header="Imprimer des étiquettes"
      visible
      onHide={onHide}
      footer={footer}
      modal
      draggable={false}
      style={{ width: '36rem', maxWidth: '96vw' }}
      breakpoints={{ '640px': '100vw' }}
      blockScroll
    >
      <p className="mt-0 text-color-secondary">
        Planches A4 de 3 × 8 étiquettes (70 × 37 mm) : nom, prix de vente et code-barres.
      </p>
      {print.isError && (
        <Message
          severity="error"
          text={errorMessage(print.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <ul className="list-none p-0 m-0" aria-label="Produits à étiqueter">
        {produits.map((p) => (
          <li
            key={p.id}
            className="flex align-items-center justify-content-between gap-3 py-2 border-bottom-1 surface-border"
          >
            <label htmlFor={`etiquettes-${p.id}`} className="flex-1">
              {p.nom}
            </label>
            <InputNumber
              inputId={`etiquettes-${p.id}`}
              value={quantite(p)}
              onValueChange={(e) => setQuantites((q) => ({ ...q, [p.id]: e.value ?? null }))}
              min={1}
              max={ETIQUETTE_QUANTITE_MAX}
              showButtons
              inputClassName="w-4rem"
              aria-label={`Nombre d'étiquettes pour ${p.nom}`}
            />
          </li>
        ))}
      </ul>
      <p className="mb-0">
        {total} étiquette{total > 1 ? 's' : ''}, {Math.max(1, Math.ceil(total / 24))} planche
        {Math.ceil(total / 24) > 1 ? 's' : ''}
        {total > ETIQUETTES_MAX && (
          <span className="p-error"> — pas plus de {ETIQUETTES_MAX} étiquettes à la fois.</span>
        )}
      </p>
    </Dialog>
  );
}
