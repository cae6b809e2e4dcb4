import { formatMoney, formatQuantity, type Produit, type ProduitPage } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';

interface Props {
  serviceId: number;
  devise: string;
  onAdd: (produit: Produit) => void;
  /** « Nouveau produit » with what was typed. */
  onNew: (text: string) => void;
}

const NONE: Produit[] = [];

/**
 * Adds a product to the purchase by name, reference or barcode (a scanned barcode and Entrée add
 * its product); each match shows its last cost and its stock. A product not found is created
 * from the line (« Nouveau produit »).
 */
export function AchatProduitPicker({ serviceId, devise, onAdd, onNew }: Props) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: ['produits', serviceId, 'picker', q],
    queryFn: () =>
      http.get<ProduitPage>(shopPath(serviceId, 'produits'), {
        query: { page: 1, size: 10, q, actif: true },
      }),
    enabled: q.length > 0,
    select: (page) => page.items,
  });
  const item = (p: Produit) => (
    <div className="flex justify-content-between gap-3">
      <span>
        {p.nom}
        <small className="block text-color-secondary">
          {[p.reference, p.codeBarres].filter(Boolean).join(' · ')}
        </small>
      </span>
      <span className="text-right white-space-nowrap">
        {`Coût : ${formatMoney(p.prixAchat, devise)}`}
        <small className="block text-color-secondary">{`Stock : ${formatQuantity(p.quantite)}\u00A0${p.unite.symbole}`}</small>
      </span>
    </div>
  );
  return (
    <div className="p-inputgroup">
      <AutoComplete
        inputId="achat-produit"
        value={text}
        suggestions={found.data ?? NONE}
        completeMethod={(e) => setQ(e.query.trim())}
        itemTemplate={item}
        field="nom"
        onChange={(e) => {
          if (typeof e.value === 'string') setText(e.value);
        }}
        onSelect={(e) => {
          onAdd(e.value as Produit);
          setText('');
          setQ('');
        }}
        autoHighlight
        delay={150}
        placeholder="Nom, référence ou code-barres"
        aria-label="Ajouter un produit"
        className="w-full"
        inputClassName="w-full"
      />
      <Button
        type="button"
        label="Nouveau produit"
        icon="pi pi-plus"
        outlined
        onClick={() => {
          onNew(text);
          setText('');
        }}
      />
    </div>
  );
}
