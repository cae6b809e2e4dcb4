import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A write of a shop-scoped module: on success, every query under the given key roots is refreshed. */
export function useShopMutation<V, R>(
  call: (variables: V) => Promise<R>,
  invalidates: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
