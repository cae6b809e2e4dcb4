import type { CategorieDepense } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useFeedback } from '../../lib/use-feedback';
import { useCategoriesDepenses, useDepenseMutations } from './api';

interface Props {
  serviceId: number;
  onHide: () => void;
}

/** One category, renamed in place. */
function Ligne({ serviceId, categorie }: { serviceId: number; categorie: CategorieDepense }) {
  const [nom, setNom] = useState(categorie.nom);
  const { renameCategorie } = useDepenseMutations(serviceId);
  const feedback = useFeedback();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    renameCategorie.mutate(
      { id: categorie.id, body: { nom: nom.trim() } },
      {
        onSuccess: (c) => feedback.success('Catégorie renommée', `« ${c.nom} ».`),
        onError: feedback.actionError('Renommage impossible'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex gap-2 align-items-center mb-2">
      <InputText
        value={nom}
        onChange={(e) => setNom(e.target.value)}
        maxLength={60}
        className="flex-1"
        aria-label={`Nom de la catégorie ${categorie.nom}`}
      />
      <span className="text-sm text-color-secondary white-space-nowrap">
        {categorie.nombreDepenses > 1
          ? `${categorie.nombreDepenses} dépenses`
          : `${categorie.nombreDepenses} dépense`}
      </span>
      <Button
        type="submit"
        icon="pi pi-check"
        text
        disabled={nom.trim() === categorie.nom || nom.trim() === ''}
        loading={renameCategorie.isPending}
        aria-label={`Renommer ${categorie.nom}`}
      />
    </form>
  );
}

/** « Catégories de dépenses » (owner): rename the shop's categories and add new ones. */
export function CategoriesDepensesDialog({ serviceId, onHide }: Props) {
  const categories = useCategoriesDepenses(serviceId);
  const { createCategorie } = useDepenseMutations(serviceId);
  const feedback = useFeedback();
  const [nom, setNom] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!nom.trim()) return;
    createCategorie.mutate(
      { nom: nom.trim() },
      {
        onSuccess: (c) => {
          setNom('');
          feedback.success('Catégorie ajoutée', `« ${c.nom} ».`);
        },
        onError: feedback.actionError('Ajout impossible'),
      },
    );
  };
  return (
    <Dialog
      header="Catégories de dépenses"
      visible
      onHide={onHide}
      modal
      draggable={false}
      style={{ width: '34rem', maxWidth: '96vw' }}
    >
      {(categories.data ?? []).map((c) => (
        <Ligne key={`${c.id}-${c.nom}`} serviceId={serviceId} categorie={c} />
      ))}
      <form onSubmit={add} className="flex gap-2 mt-3">
        <InputText
          value={nom}
          onChange={(e) => setNom(e.target.value)}
          maxLength={60}
          placeholder="Nouvelle catégorie"
          aria-label="Nom de la nouvelle catégorie"
          className="flex-1"
        />
        <Button
          type="submit"
          label="Ajouter"
          icon="pi pi-plus"
          loading={createCategorie.isPending}
        />
      </form>
    </Dialog>
  );
}
