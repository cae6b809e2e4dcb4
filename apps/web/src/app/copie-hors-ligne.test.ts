import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_MS, installerCopieHorsLigne } from './copie-hors-ligne';

/** The browser's service worker container, as far as the install asks it. */
function container(states: Array<Partial<ServiceWorkerRegistration> | undefined>) {
  const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
  const getRegistration = vi.fn(async () => states.shift() as ServiceWorkerRegistration);
  return { register, getRegistration } as unknown as ServiceWorkerContainer & {
    register: typeof register;
    getRegistration: typeof getRegistration;
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('copie hors ligne (service worker)', () => {
  it('an install that failed is asked for again, until a worker is active; then no more', async () => {
    const worker = {} as ServiceWorker;
    const c = container([undefined, { installing: worker }, { active: worker }]);
    installerCopieHorsLigne(c);
    expect(c.register).toHaveBeenCalledTimes(1);
    // No registration left by the failed install: asked again.
    await vi.advanceTimersByTimeAsync(VERIFICATION_MS);
    expect(c.register).toHaveBeenCalledTimes(2);
    // One under way: left to finish.
    await vi.advanceTimersByTimeAsync(VERIFICATION_MS);
    expect(c.register).toHaveBeenCalledTimes(2);
    // Active: the checks stop.
    await vi.advanceTimersByTimeAsync(VERIFICATION_MS);
    await vi.advanceTimersByTimeAsync(5 * VERIFICATION_MS);
    expect(c.getRegistration).toHaveBeenCalledTimes(3);
    expect(c.register).toHaveBeenCalledTimes(2);
  });
});
