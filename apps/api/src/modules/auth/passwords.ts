import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP parameters: 19 MiB of memory, 2 passes, 1 lane. */
// Algorithm 2 is Argon2id in @node-rs/argon2 (its const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    // Same cost as a real check, so that a missing account cannot be told apart by timing.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** French favourites that the international list misses. */
const FRENCH_COMMON = [
  'azerty',
  'azertyuiop',
  'azerty123',
  'azerty1234',
  'motdepasse',
  'motdepasse1',
  'motdepasse123',
  'soleil',
  'soleil123',
  'bonjour',
  'bonjour123',
  'doudou',
  'chouchou',
  'nicolas',
  'camille',
  'marseille',
  'toulouse',
  'dakar2024',
  'abidjan',
  'senegal',
  'cameroun',
  'jetaime',
  'loulou',
  'comptoir',
  'comptoir123',
  'boutique',
  'boutique123',
  'caisse123',
  'password1',
  '123456789a',
];

const COMMON = new Set<string>([...dictionary.passwords, ...FRENCH_COMMON]);

/** True when the password is one of the most common ones (case ignored). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  // "azerty123!", "Password2024": a common word with digits or symbols tacked on.
  const stripped = lower.replace(/[^a-zà-ÿ]+$/u, '');
  if (stripped.length >= 4 && stripped !== lower && COMMON.has(stripped)) return true;
  // One character repeated, or a run like "12345678".
  if (/^(.)\1+$/u.test(lower)) return true;
  return false;
}
