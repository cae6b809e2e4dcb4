import { useCallback, useMemo } from 'react';
import { useScreenParams } from './use-screen-params';

/** What an edit dialog shows: a new item, the item with that id, or nothing. */
export type DialogTarget = 'new' | number | null;

export function parseDialogTarget(raw: string | null): DialogTarget {
  if (raw === 'new') return 'new';
  if (raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0) return Number(raw);
  return null;
}

/** The open dialog of a screen, kept in the URL (`?edit=new`, `?edit=12`) like the list state. */
export function useDialogParam(name = 'edit') {
  const [params, setParams] = useScreenParams();
  const target = parseDialogTarget(params.get(name));
  const set = useCallback(
    (value: DialogTarget) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, String(value));
        return next;
      }, value === null),
    [name, setParams],
  );
  return useMemo(() => ({ target, open: set, close: () => set(null) }), [target, set]);
}
