import { useCallback } from 'react';
import { useLocation, useSearchParams, type URLSearchParamsInit } from 'react-router';
import { isShownPath } from './navigation';
import { SAME_SCREEN } from './same-screen';

type ParamsUpdate = URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit);

/**
 * The search parameters a screen keeps its own state in (list paging, sorting and search, the
 * open dialog, the tab), written as the same screen (SAME_SCREEN: kept mounted, scroll kept).
 * A write from a screen that is no longer the page shown is dropped: a search sent after its
 * pause, once the user has clicked a row, brought the browser back to the list.
 */
export function useScreenParams(): [
  URLSearchParams,
  (next: ParamsUpdate, replace?: boolean) => void,
] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const set = useCallback(
    (next: ParamsUpdate, replace = false) => {
      if (isShownPath(pathname)) setParams(next, { state: SAME_SCREEN, replace });
    },
    [pathname, setParams],
  );
  return [params, set];
}
