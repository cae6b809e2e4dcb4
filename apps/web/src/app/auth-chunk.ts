/** The login page and its frame, loaded on demand as one chunk (no zod: see LoginPage). */
export { AuthLayout } from '../layout/AuthLayout';
export { LoginPage } from '../features/auth/LoginPage';
export { AccessDeniedPage } from '../features/auth/AccessDeniedPage';
