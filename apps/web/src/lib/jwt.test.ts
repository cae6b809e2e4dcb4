import { describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/fixtures';
import { decodeToken } from './jwt';

describe('decodeToken', () => {
  it('reads sub, username and roles without verifying', () => {
    expect(decodeToken(makeToken(['ROLE_GERANT'], { prenom: 'Aïssatou' }))).toMatchObject({
      sub: '7',
      username: 'awa@comptoir.test',
      roles: ['ROLE_GERANT'],
    });
  });

  it.each(['', 'pas-un-jeton', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.x'])(
    'logs "Invalid token" and returns null for %j',
    (token) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(decodeToken(token)).toBeNull();
      expect(error).toHaveBeenCalledWith('Invalid token');
    },
  );
});
