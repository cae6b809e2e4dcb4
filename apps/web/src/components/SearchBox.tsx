import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';

interface Props {
  /** The search of the URL. */
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
}

const DELAY_MS = 300;

/** Search box of a list: sends what is typed after a short pause, or at once on Entrée. */
export function SearchBox({ value, onSearch, label, placeholder = 'Rechercher…' }: Props) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // The URL changed from elsewhere (back button, link): show its search.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onSearch(text.trim());
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <IconField iconPosition="left">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim() !== sent.current) {
            sent.current = text.trim();
            onSearch(text.trim());
          }
        }}
        placeholder={placeholder}
        aria-label={label}
        maxLength={200}
      />
    </IconField>
  );
}
