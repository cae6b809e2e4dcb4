export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
export const DEMO_PASSWORD = 'comptoir';
export const DEMO = {
  admin: 'admin@comptoir.test',
  proprietaire: 'proprietaire@comptoir.test',
  gerant: 'gerant@comptoir.test',
} as const;
export const RESET_USER = {
  email: 'oubli@comptoir.test',
  password: 'Ancien-mot-de-passe-7',
  prenom: 'Ibrahima',
  nom: 'Fall',
} as const;
export const PROFILE_USER = {
  email: 'profil@comptoir.test',
  password: 'Profil-mot-de-passe-8',
  prenom: 'Mariama',
  nom: 'Ba',
} as const;
export const SESSIONS_USER = {
  email: 'sessions@comptoir.test',
  password: 'Sessions-mot-de-passe-6',
  prenom: 'Khady',
  nom: 'Sow',
} as const;
/** An account of someone else's team (a manager of no demo shop), invited by the demo owner. */
export const INVITED_ACCOUNT = {
  email: 'invitee@comptoir.test',
  password: 'Compte-deja-ouvert-9',
  prenom: 'Omar',
  nom: 'Sy',
} as const;
