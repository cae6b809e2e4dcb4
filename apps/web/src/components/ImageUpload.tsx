import { PHOTO_MAX_BYTES } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useRef } from 'react';

export const IMAGE_MAX_MB = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));
export const IMAGE_HINT = `Image JPEG, PNG, WebP ou GIF, ${IMAGE_MAX_MB}\u00A0Mo au plus.`;

interface Props {
  /** Address of the current image, or null. */
  src: string | null;
  /** Alternative text of the image shown, and label of the empty frame. */
  alt: string;
  emptyLabel: string;
  /** PrimeIcons class of the empty frame. */
  emptyIcon?: string;
  size?: number;
  round?: boolean;
  chooseLabel: string;
  removeLabel: string;
  busy: boolean;
  /** Read only: the image alone, no buttons. */
  disabled?: boolean;
  onPick: (file: File) => void;
  /** Null: no remove button. */
  onRemove: (() => void) | null;
  onTooLarge: () => void;
  testId?: string;
}

/**
 * An image of the app (profile photo, shop logo, product photo): its frame, "choose an image"
 * (image types only, 5 Mo at most, checked again by the server) and "remove".
 */
export function ImageUpload(props: Props) {
  const {
    src,
    alt,
    emptyLabel,
    emptyIcon = 'pi pi-image',
    size = 72,
    round = false,
    chooseLabel,
    removeLabel,
    busy,
    disabled = false,
    onPick,
    onRemove,
    onTooLarge,
    testId,
  } = props;
  const upload = useRef<FileUpload>(null);
  const handle = (event: FileUploadHandlerEvent) => {
    const file = event.files[0];
    upload.current?.clear();
    if (file) onPick(file);
  };
  const shape = round ? 'border-circle' : 'border-round';
  return (
    <>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          className={shape}
          style={{ objectFit: round ? 'cover' : 'contain' }}
          data-testid={testId}
        />
      ) : (
        <span
          className={`inline-flex align-items-center justify-content-center surface-200 ${shape}`}
          style={{ width: size, height: size }}
          role="img"
          aria-label={emptyLabel}
        >
          <i
            className={`${emptyIcon} ${size > 96 ? 'text-5xl' : 'text-3xl'} text-color-secondary`}
            aria-hidden="true"
          />
        </span>
      )}
      {!disabled && (
        <FileUpload
          ref={upload}
          mode="basic"
          name="file"
          accept="image/*"
          maxFileSize={PHOTO_MAX_BYTES}
          customUpload
          auto
          uploadHandler={handle}
          onValidationFail={onTooLarge}
          chooseLabel={chooseLabel}
          chooseOptions={{ icon: 'pi pi-image' }}
          disabled={busy}
        />
      )}
      {!disabled && src && onRemove && (
        <Button
          type="button"
          label={removeLabel}
          icon="pi pi-trash"
          severity="danger"
          outlined
          size="small"
          onClick={onRemove}
          disabled={busy}
        />
      )}
    </>
  );
}
