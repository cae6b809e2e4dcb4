import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fixtures';
import { useCreateVente } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('useCreateVente (the point of sale and the back-office sale)', () => {
  it('refreshes stock, sales, customers and debts of the shop after a sale, nothing of another shop', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return json(201, { id: 1, numero: 'V-2026-000001' });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = [
      ['produits', 1, 'pos-grid', null],
      ['ventes', 1, 'list'],
      ['clients', 1, 3],
      ['dettes', 1, 'clients'],
      ['clients', 2, 3],
    ];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCreateVente(1), { wrapper });
    await result.current.mutateAsync({
      cleIdempotence: 'cle-12345678',
      typeVenteId: 1,
      clientId: 3,
      lignes: [{ produitId: 1, quantite: 1000 }],
      paiements: [],
      echeance: '2026-12-01',
    });
    expect(calls.filter((c) => !c.includes('/xsrf'))).toEqual(['POST /api/services/1/ventes']);
    const invalidated = keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([true, true, true, true, false]);
  });
});
