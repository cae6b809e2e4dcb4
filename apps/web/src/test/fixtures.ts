import type {
  AuthResponse,
  Caisse,
  Produit,
  ProduitCatalogue,
  Role,
  SessionUser,
} from '@comptoir/shared';

const b64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned access token with the given claims (the client never verifies it). */
export function makeToken(roles: string[], extra: Record<string, unknown> = {}): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ sub: '7', username: 'awa@comptoir.test', roles, ...extra }),
  );
  return `${header}.${payload}.signature`;
}

export function makeUser(roles: Role[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: 'awa@comptoir.test',
    prenom: 'Awa',
    nom: 'Diop',
    telephone: null,
    roles: roles.map((nom) => ({ nom })),
    services: [
      { id: 1, nom: 'Boutique Plateau', current: true },
      { id: 2, nom: 'Boutique Lyon', current: false },
    ],
    ...overrides,
  };
}

export function makeAuth(roles: Role[], overrides: Partial<SessionUser> = {}): AuthResponse {
  return { token: makeToken(roles), refreshToken: 'refresh-1', user: makeUser(roles, overrides) };
}

/** A JSON answer as fetch gives it. */
export function json(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': type },
  });
}

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
): Response {
  return json(
    status,
    { type: 'about:blank', title: 'Erreur', status, detail, code, ...(errors ? { errors } : {}) },
    'application/problem+json',
  );
}

/** The request a mocked fetch received. */
export function requestOf(call: unknown[]): {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
} {
  const [url, init] = call as [string, RequestInit | undefined];
  return {
    url,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
  };
}

/** A product of the catalogue, in stock, sold by the piece, without tax; `more` overrides. */
export function makeProduit(
  id: number,
  nom: string,
  prixVente: number,
  more: Partial<Produit> = {},
): Produit {
  return {
    id,
    nom,
    reference: null,
    codeBarres: null,
    categorie: null,
    marque: null,
    unite: { id: 1, nom: 'pièce', symbole: 'pce', fractionnable: false },
    prixAchat: 0,
    prixVente,
    prixGros: null,
    tauxTva: 0,
    seuilAlerte: 0,
    quantite: 10_000,
    valeurStock: 0,
    etatStock: 'en_stock',
    image: null,
    description: null,
    actif: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...more,
  };
}

/** A register of shop 1; `sessionId` opens it (a float of 10 000), null leaves it closed. */
export function makeCaisse(id: number, nom: string, sessionId: number | null): Caisse {
  return {
    id,
    nom,
    largeurTicket: null,
    session:
      sessionId === null
        ? null
        : {
            id: sessionId,
            fond: 10_000,
            ouvertPar: { id: 7, prenom: 'Awa', nom: 'Diop' },
            ouverteLe: '2026-11-21T08:00:00Z',
          },
  };
}

/** A product of the device's catalogue (hors-ligne/catalogue.ts), active, 1,000 by default. */
export function makeProduitCatalogue(
  id: number,
  champs: Partial<ProduitCatalogue> = {},
): ProduitCatalogue {
  return {
    id,
    nom: `Produit ${id}`,
    reference: null,
    codeBarres: null,
    categorieId: null,
    uniteSymbole: 'u',
    uniteNom: 'Unité',
    fractionnable: false,
    prixVente: 1000,
    prixGros: null,
    tauxTva: 0,
    quantite: 5000,
    actif: true,
    updatedAt: '2026-06-15T08:00:00.000Z',
    ...champs,
  };
}
