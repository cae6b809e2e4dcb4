import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SAME_SCREEN } from './same-screen';

/** What an edit dialog shows: a new item, the item with that id, or nothing. */
export type DialogTarget = 'new' | number | null;

export function parseDialogTarget(raw: string | null): DialogTarget {
  if (raw === 'new') return 'new';
  if (raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0) return Number(raw);
  return null;
}

/** The open dialog of a screen, kept in the URL (`?edit=new`, `?edit=12`) like the list state. */
export function useDialogParam(name = 'edit') {
  const [params, setParams] = useSearchParams();
  const target = parseDialogTarget(params.get(name));
  const set = useCallback(
    (value: DialogTarget) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null) next.delete(name);
          else next.set(name, String(value));
          return next;
        },
        { preventScrollReset: true, state: SAME_SCREEN, replace: value === null },
      ),
    [name, setParams],
  );
  return useMemo(() => ({ target, open: set, close: () => set(null) }), [target, set]);
}
