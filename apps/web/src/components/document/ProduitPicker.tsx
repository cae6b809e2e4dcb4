import { formatQuantity, type Produit, type ProduitPage } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';

interface Props {
  serviceId: number;
  inputId: string;
  /** Accessible name of the field (« Ajouter un article »). */
  label: string;
  /** The figure shown on each match, above its stock (sale price, last cost). */
  chiffre: (produit: Produit) => string;
  onAdd: (produit: Produit) => void;
  /** A button beside the field, given what was typed (« Nouveau produit »). */
  action?: { label: string; icon: string; onClick: (text: string) => void };
}

const NONE: Produit[] = [];

/**
 * Adds a product of a document by name, reference or barcode (accents ignored, as the products
 * list): the active matches show as one types, each with its figure and stock; Entrée takes the
 * first one (a scanned barcode adds its product).
 */
export function ProduitPicker({ serviceId, inputId, label, chiffre, onAdd, action }: Props) {
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
        {chiffre(p)}
        <small className="block text-color-secondary">{`Stock : ${formatQuantity(p.quantite)}\u00A0${p.unite.symbole}`}</small>
      </span>
    </div>
  );
  const field = (
    <AutoComplete
      inputId={inputId}
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
      aria-label={label}
      className="w-full"
      inputClassName="w-full"
    />
  );
  if (!action) return field;
  return (
    <div className="p-inputgroup">
      {field}
      <Button
        type="button"
        label={action.label}
        icon={action.icon}
        outlined
        onClick={() => {
          action.onClick(text);
          setText('');
        }}
      />
    </div>
  );
}
