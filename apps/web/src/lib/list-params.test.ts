import { describe, expect, it } from 'vitest';
import {
  readListState,
  sortFromTable,
  tableSort,
  toApiQuery,
  writeListState,
  type ListSpec,
} from './list-params';

const SPEC: ListSpec = { sorts: ['nom', 'email', 'last_login_at'], filters: ['role', 'active'] };
const read = (qs: string) => readListState(new URLSearchParams(qs), SPEC);

describe('list state in the URL', () => {
  it('starts at page 1, size 8, default order, no search, no filter', () => {
    expect(read('')).toEqual({ page: 1, size: 8, sort: null, q: '', filters: {} });
  });

  it('reads page, size, sort, search and filters', () => {
    expect(read('page=3&size=16&sort=email,desc&q=awa&role=ROLE_GERANT&active=false')).toEqual({
      page: 3,
      size: 16,
      sort: 'email,desc',
      q: 'awa',
      filters: { role: 'ROLE_GERANT', active: 'false' },
    });
  });

  it('falls back to the defaults on anything malformed or unknown', () => {
    expect(read('page=0&size=7&sort=password,asc')).toMatchObject({ page: 1, size: 8, sort: null });
    expect(read('page=-2&size=abc&sort=nom')).toMatchObject({ page: 1, size: 8, sort: null });
    expect(read('page=2.5&sort=nom,up')).toMatchObject({ page: 1, sort: null });
    expect(read('unknown=1').filters).toEqual({});
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and keeps the other params', () => {
    const base = new URLSearchParams('tab=abonnements&edit=4&page=5&q=old');
    const next = writeListState(
      base,
      { page: 1, size: 8, sort: 'nom,asc', q: '  ', filters: { role: 'ROLE_ADMIN' } },
      SPEC,
    );
    expect(next.toString()).toBe('tab=abonnements&edit=4&sort=nom%2Casc&role=ROLE_ADMIN');
  });

  it('round-trips: what is written is read back the same', () => {
    const state = {
      page: 4,
      size: 32,
      sort: 'last_login_at,desc',
      q: 'diop',
      filters: { active: 'true' },
    };
    expect(readListState(writeListState(new URLSearchParams(), state, SPEC), SPEC)).toEqual(state);
  });

  it('makes the query of the list call', () => {
    expect(toApiQuery(read('page=2&q=%20fatou%20&active=true'))).toEqual({
      page: 2,
      size: 8,
      sort: undefined,
      q: 'fatou',
      active: 'true',
    });
    expect(toApiQuery(read(''))).toEqual({ page: 1, size: 8, sort: undefined, q: undefined });
  });

  it('translates the sort to and from the DataTable', () => {
    expect(tableSort('nom,desc')).toEqual({ sortField: 'nom', sortOrder: -1 });
    expect(tableSort('email,asc')).toEqual({ sortField: 'email', sortOrder: 1 });
    expect(tableSort(null)).toEqual({ sortField: undefined, sortOrder: 0 });
    expect(sortFromTable('nom', 1)).toBe('nom,asc');
    expect(sortFromTable('nom', -1)).toBe('nom,desc');
    expect(sortFromTable('nom', 0)).toBeNull();
    expect(sortFromTable(undefined, 1)).toBeNull();
  });
});
