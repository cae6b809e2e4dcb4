import { IMAGE_HINT, ImageUpload } from '../../components/ImageUpload';

interface Props {
  logo: string | null;
  /** A new shop's logo, sent once the shop exists. */
  pending: File | null;
  busy: boolean;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: (() => void) | null;
  onTooLarge: () => void;
}

/** The shop's logo, printed on receipts and invoices: choose an image or remove it. */
export function ServiceLogoField({
  logo,
  pending,
  busy,
  disabled,
  onPick,
  onRemove,
  onTooLarge,
}: Props) {
  return (
    <div className="field col-12">
      <span className="block mb-2">Logo</span>
      <div className="flex flex-wrap align-items-center gap-3">
        <ImageUpload
          src={logo}
          alt="Logo de la boutique"
          emptyLabel="Aucun logo"
          chooseLabel="Choisir un logo"
          removeLabel="Supprimer le logo"
          busy={busy}
          disabled={disabled}
          onPick={onPick}
          onRemove={onRemove}
          onTooLarge={onTooLarge}
          testId="service-logo"
        />
      </div>
      <small className="block mt-1 text-color-secondary">
        {pending ? `Logo choisi : ${pending.name}, envoyé à l'enregistrement.` : IMAGE_HINT}
      </small>
    </div>
  );
}
