import { describe, expect, it } from 'vitest';
import { makeAuth } from '../test/fixtures';
import {
  applyRefresh,
  getCurrentService,
  getServices,
  isLoggedIn,
  saveLogin,
  selectService,
  setUser,
} from './session';

describe('session', () => {
  it('stores token, refreshToken, user, services and the current service at login', () => {
    saveLogin(makeAuth(['ROLE_PROPRIETAIRE']));
    expect(isLoggedIn()).toBe(true);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ prenom: 'Awa' });
    expect(getCurrentService()).toEqual({ id: 1, nom: 'Boutique Plateau' });
    expect(getServices().map((s) => s.current)).toEqual([true, false]);
  });

  it('falls back to the first shop when none is marked current', () => {
    const auth = makeAuth(['ROLE_GERANT']);
    auth.user.services = auth.user.services.map((s) => ({ ...s, current: false }));
    saveLogin(auth);
    expect(getCurrentService()).toEqual({ id: 1, nom: 'Boutique Plateau' });
  });

  it('switches shop by id, and keeps it current across a refresh', () => {
    saveLogin(makeAuth(['ROLE_PROPRIETAIRE']));
    expect(selectService(2)).toBe(true);
    expect(getCurrentService()).toEqual({ id: 2, nom: 'Boutique Lyon' });
    expect(selectService(99)).toBe(false);
    applyRefresh({ ...makeAuth(['ROLE_PROPRIETAIRE']), token: 't2', refreshToken: 'r2' });
    expect(localStorage.getItem('token')).toBe('t2');
    expect(getCurrentService()).toEqual({ id: 2, nom: 'Boutique Lyon' });
  });

  it('a refresh that no longer lists the current shop makes the server’s current one current', () => {
    saveLogin(makeAuth(['ROLE_PROPRIETAIRE']));
    selectService(2);
    const auth = makeAuth(['ROLE_PROPRIETAIRE']);
    auth.user.services = [{ id: 1, nom: 'Boutique Plateau', current: true }];
    applyRefresh(auth);
    expect(getCurrentService()).toEqual({ id: 1, nom: 'Boutique Plateau' });
  });
});

describe('setUser', () => {
  it('stores a fresh account and its shops, keeping the current one', () => {
    saveLogin(makeAuth(['ROLE_PROPRIETAIRE']));
    selectService(2);
    const fresh = makeAuth(['ROLE_PROPRIETAIRE'], { prenom: 'Mariama' }).user;
    setUser(fresh);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ prenom: 'Mariama' });
    expect(getCurrentService()).toEqual({ id: 2, nom: 'Boutique Lyon' });
  });
});
