/** Everything the /auth screens need, loaded on demand as one chunk. */
export { AuthLayout } from '../layout/AuthLayout';
export { LoginPage } from '../features/auth/LoginPage';
export { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
export { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
export { AccessDeniedPage } from '../features/auth/AccessDeniedPage';
