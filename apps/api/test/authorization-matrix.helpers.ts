/**
 * Types and expectation helpers of THE authorization matrix (authorization-matrix.table.ts). A
 * module's rows may live in their own file, authorization-matrix.<module>.ts, that imports from
 * here and is spread into MATRIX. THE authorization matrix (docs/regles-metier.md, « Rôles et droits »), one test for every
 * endpoint. One row per endpoint, exactly as registered (method + url template of ctx.routes),
 * with the answer each actor must get. authorization-matrix.test.ts calls every row as every actor
 * over real HTTP, and fails when an endpoint has no row here.
 *
 * Adding an endpoint: add its row below. Pick the expectation with the helpers:
 *   publicRoute          anyone, signed in or not, gets a 2xx
 *   signedIn             anonymous 401, any signed-in user 2xx
 *   only('ownerA', …)    anonymous 401, the listed actors 2xx, the others 403
 * and, when the url contains :serviceId, `otherShop: otherShopOf(expect)` (or an explicit record)
 * for the same call on another owner's shop (admin 2xx, owner and manager 404).
 * Give `call` a valid body/form/query so that only authorization decides the answer; route
 * parameters other than :serviceId come from `fixtures.params` (add the value in the test's
 * fixtures when a new one appears), or from `call().params` for a fresh target (deletions).
 * Mark `isolate` a call that ends the caller's sessions.
 *
 * Every non-GET row is also replayed by owner A and manager A once owner A's subscription has
 * ended (402 where the row says `ok`, unless the route is exempt) and again after its renewal.
 */

/** Who calls: nobody, the platform admin, owner A (owns shop A), manager A (works in shop A). */
export const ACTORS = ['anonymous', 'admin', 'ownerA', 'managerA'] as const;
export type Actor = (typeof ACTORS)[number];
export const SIGNED_IN = ['admin', 'ownerA', 'managerA'] as const;
export type SignedIn = (typeof SIGNED_IN)[number];

/** `ok`: any 2xx. `open`: anything but 401/403 (public endpoint that cannot succeed here). A number: that exact status. */
export type Expected = 'ok' | 'open' | 401 | 403 | 404;

/** What a row's `call` can use to build a valid request. */
export interface Fixtures {
  /** Values of route parameters other than :serviceId, by name (e.g. fileId, userId, planId). */
  params: Record<string, string | number>;
  /** An e-mail address never used. */
  newEmail(): string;
  /** A name never used (units, sale types, plans). */
  newName(prefix: string): string;
  /** Fresh rows, for calls that delete or renew their target. */
  newUnite(): Promise<number>;
  newTypeVente(): Promise<number>;
  newPlan(): Promise<number>;
  /** Fresh catalogue rows of shop A (categories, brands, unused products, customers, suppliers). */
  newCategorie(): Promise<number>;
  newMarque(): Promise<number>;
  newProduit(): Promise<number>;
  newClient(): Promise<number>;
  newFournisseur(): Promise<number>;
  /** A fresh expense of shop A, without receipt. */
  newDepense(): Promise<number>;
  /** A fresh draft purchase of shop A (supplier fournisseurId, product produitStockId). */
  newAchat(): Promise<number>;
  /** Inventories of shop A: cancels the open one (a free slot), or opens a fresh one after that. */
  closeInventaires(): Promise<void>;
  newInventaire(): Promise<number>;
  /** Registers of shop A: a fresh one without session, or a fresh open session on a fresh one. */
  newCaisse(): Promise<number>;
  newCaisseSession(): Promise<number>;
  /** An accepted quote of shop A (converts once: one per call). */
  newDevisAccepte(): Promise<number>;
  /** An active subscription of a fresh owner (not one of the actors). */
  newAbonnement(): Promise<number>;
  /** A fresh owner without subscription. */
  newOwner(): Promise<number>;
  /** Credentials of an account kept for the login row. */
  loginBody(): { email: string; password: string };
  /** A refresh token of a new session, never used. */
  newRefreshToken(): Promise<string>;
  /** A valid, unused password-reset key. */
  newResetKey(): Promise<string>;
  /** A fresh pending invitation of owner A (to shop A), and the key of another one to a new address. */
  newInvitation(): Promise<number>;
  newInvitationKey(): Promise<string>;
  /** A multipart form carrying a valid PNG in field `file`. */
  photoForm(): FormData;
  /** The password of every actor (isolated ones included). */
  password: string;
}

/** Who makes the call: the actor, and their own shop (shop A, or a fresh one for isolated rows). */
export interface Caller {
  actor: Actor;
  ownShop: number;
}

export interface Call {
  /** Route parameters for this call only, over `fixtures.params`. */
  params?: Record<string, string | number>;
  body?: unknown;
  form?: FormData;
  /** Query string, without the leading `?`. */
  query?: string;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The url template exactly as registered, e.g. `/api/services/:serviceId`. */
  url: string;
  /** Expected answer per actor; for shop-scoped routes, on shop A. */
  expect: Record<Actor, Expected>;
  /** Shop-scoped routes only: the same call on shop B, another owner's shop. */
  otherShop?: Record<SignedIn, Expected>;
  call?: (fixtures: Fixtures, caller: Caller) => Call | Promise<Call>;
  /** The call changes the caller's password or sessions: each actor calls as a fresh user of its role. */
  isolate?: boolean;
}

const OK = 'ok' as const;
export const publicRoute: Record<Actor, Expected> = {
  anonymous: OK,
  admin: OK,
  ownerA: OK,
  managerA: OK,
};
export const signedIn: Record<Actor, Expected> = {
  anonymous: 401,
  admin: OK,
  ownerA: OK,
  managerA: OK,
};

/** Anonymous 401; the listed actors allowed; every other signed-in actor 403. */
export function only(...allowed: SignedIn[]): Record<Actor, Expected> {
  return {
    anonymous: 401,
    admin: allowed.includes('admin') ? OK : 403,
    ownerA: allowed.includes('ownerA') ? OK : 403,
    managerA: allowed.includes('managerA') ? OK : 403,
  };
}

/**
 * On another owner's shop: the admin reaches every shop; an owner or a manager who may call the
 * route gets 404 (docs/regles-metier.md: whatever the id); a role refused stays 403 (role is
 * checked first).
 */
export function otherShopOf(own: Record<Actor, Expected>): Record<SignedIn, Expected> {
  return {
    admin: own.admin,
    ownerA: own.ownerA === 403 ? 403 : 404,
    managerA: own.managerA === 403 ? 403 : 404,
  };
}
