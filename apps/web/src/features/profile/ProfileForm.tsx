import { profileUpdateSchema, type ProfileUpdate, type SessionUser } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate } from '../../lib/validation';

interface Props {
  user: SessionUser;
  saving: boolean;
  /** Field errors from the server, by field name. */
  serverErrors: Record<string, string>;
  onSave: (body: ProfileUpdate) => void;
}

/** First name, last name and phone of the connected user. */
export function ProfileForm({ user, saving, serverErrors, onSave }: Props) {
  const [prenom, setPrenom] = useState(user.prenom);
  const [nom, setNom] = useState(user.nom);
  const [telephone, setTelephone] = useState(user.telephone ?? '');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ProfileUpdate = {
      prenom: prenom.trim(),
      nom: nom.trim(),
      telephone: telephone.trim(),
    };
    const found = validate(profileUpdateSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Informations personnelles">
      <div className="formgrid grid">
        <FormField
          id="prenom"
          label="Prénom"
          error={errors['prenom']}
          className="field col-12 md:col-6"
        >
          <InputText
            id="prenom"
            value={prenom}
            onChange={(e) => setPrenom(e.target.value)}
            autoComplete="given-name"
            className="w-full"
            invalid={Boolean(errors['prenom'])}
            {...fieldA11y('prenom', errors['prenom'])}
          />
        </FormField>
        <FormField id="nom" label="Nom" error={errors['nom']} className="field col-12 md:col-6">
          <InputText
            id="nom"
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            autoComplete="family-name"
            className="w-full"
            invalid={Boolean(errors['nom'])}
            {...fieldA11y('nom', errors['nom'])}
          />
        </FormField>
        <FormField
          id="telephone"
          label="Téléphone"
          error={errors['telephone']}
          className="field col-12 md:col-6"
        >
          <InputText
            id="telephone"
            type="tel"
            value={telephone}
            onChange={(e) => setTelephone(e.target.value)}
            autoComplete="tel"
            className="w-full"
            invalid={Boolean(errors['telephone'])}
            {...fieldA11y('telephone', errors['telephone'])}
          />
        </FormField>
        <FormField id="profile-email" label="Adresse e-mail" className="field col-12 md:col-6">
          <InputText id="profile-email" value={user.email} readOnly disabled className="w-full" />
        </FormField>
      </div>
      <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={saving} />
    </form>
  );
}
