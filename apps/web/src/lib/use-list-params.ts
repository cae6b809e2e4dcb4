import { useCallback, useEffect, useMemo } from 'react';
import { DEFAULT_PAGE } from '@comptoir/shared';
import {
  readListState,
  toApiQuery,
  writeListState,
  type ListSpec,
  type ListState,
} from './list-params';
import { useScreenParams } from './use-screen-params';

/**
 * A list's state in the URL: read on every render, written with the router (history entries for
 * paging and sorting, replaced ones while typing a search). `spec` must be a module constant.
 */
export function useListParams(spec: ListSpec) {
  const [params, setParams] = useScreenParams();
  const state = useMemo(() => readListState(params, spec), [params, spec]);

  const update = useCallback(
    (patch: Partial<ListState>, replace = false) =>
      setParams(
        (previous) =>
          writeListState(previous, { ...readListState(previous, spec), ...patch }, spec),
        replace,
      ),
    [setParams, spec],
  );

  return useMemo(
    () => ({
      state,
      query: toApiQuery(state),
      setPage: (page: number, size: number) => update({ page, size }),
      /** Back to the last page that exists (after a deletion, or a stale bookmark). */
      clampPage: (last: number) => update({ page: last }, true),
      setSort: (sort: string | null) => update({ sort, page: DEFAULT_PAGE }),
      setSearch: (q: string) => update({ q, page: DEFAULT_PAGE }, true),
      setFilter: (key: string, value: string | null) =>
        update({ filters: { ...state.filters, [key]: value ?? '' }, page: DEFAULT_PAGE }),
    }),
    [state, update],
  );
}

/**
 * A page past the end of the list (its last row deleted, an old bookmark) shows nothing: go to the
 * last page that exists, once the total is known.
 */
export function useClampedPage(
  list: ReturnType<typeof useListParams>,
  total: number | undefined,
): void {
  const { page, size } = list.state;
  const last = total === undefined ? page : Math.max(1, Math.ceil(total / size));
  const { clampPage } = list;
  useEffect(() => {
    if (page > last) clampPage(last);
  }, [page, last, clampPage]);
}
