import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@comptoir/shared';
import type { QueryValue } from './http';

/**
 * The state of a server-paged list (page, size, sort, search, filters) lives in the URL search
 * params, so that a list can be bookmarked, shared and restored after a reload. Pure functions
 * here; the hook is in use-list-params.ts.
 */
export const PAGE_SIZES = [8, 16, 32, 64] as const;
export const SEARCH_MAX = 200;

export interface ListState {
  page: number;
  size: number;
  /** "champ,asc" or "champ,desc", or null for the server's default order. */
  sort: string | null;
  q: string;
  filters: Readonly<Record<string, string>>;
}

/** What a list accepts: its sortable fields (as the API names them) and its filter names. */
export interface ListSpec {
  sorts: readonly string[];
  filters?: readonly string[];
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export function isValidSort(sort: string, sorts: readonly string[]): boolean {
  const [field, direction, ...rest] = sort.split(',');
  return (
    rest.length === 0 &&
    sorts.includes(field ?? '') &&
    (direction === 'asc' || direction === 'desc')
  );
}

/** Reads the list state from the URL; anything malformed falls back to the default. */
export function readListState(params: URLSearchParams, spec: ListSpec): ListState {
  const size = positiveInt(params.get('size'));
  const sort = params.get('sort');
  const filters: Record<string, string> = {};
  for (const key of spec.filters ?? []) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? DEFAULT_PAGE,
    size:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: sort && isValidSort(sort, spec.sorts) ? sort : null,
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    filters,
  };
}

/**
 * Writes the list state over `base`, keeping its other params (tab, open dialog). Defaults are
 * left out: a fresh list has a clean URL.
 */
export function writeListState(
  base: URLSearchParams,
  state: ListState,
  spec: ListSpec,
): URLSearchParams {
  const next = new URLSearchParams(base);
  const put = (key: string, value: string | null) =>
    value ? next.set(key, value) : next.delete(key);
  put('page', state.page !== DEFAULT_PAGE ? String(state.page) : null);
  put('size', state.size !== DEFAULT_PAGE_SIZE ? String(state.size) : null);
  put('sort', state.sort);
  put('q', state.q.trim() || null);
  for (const key of spec.filters ?? []) put(key, state.filters[key] ?? null);
  return next;
}

/** The query string of the list call: `?page=1&size=8&sort=nom,asc&q=…` plus filters. */
export function toApiQuery(state: ListState): Record<string, QueryValue> {
  return {
    page: state.page,
    size: state.size,
    sort: state.sort ?? undefined,
    q: state.q.trim() || undefined,
    ...state.filters,
  };
}

/** PrimeReact's sortField/sortOrder of the DataTable, from the URL's sort. */
export function tableSort(sort: string | null): {
  sortField: string | undefined;
  sortOrder: 1 | -1 | 0;
} {
  if (!sort) return { sortField: undefined, sortOrder: 0 };
  const [field, direction] = sort.split(',');
  return { sortField: field, sortOrder: direction === 'desc' ? -1 : 1 };
}

/** The URL's sort from PrimeReact's sort event; no field or no order means the default order. */
export function sortFromTable(
  field: string | undefined | null,
  order: number | null | undefined,
): string | null {
  if (!field || !order) return null;
  return `${field},${order < 0 ? 'desc' : 'asc'}`;
}
