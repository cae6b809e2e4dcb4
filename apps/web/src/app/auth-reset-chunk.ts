/** The password reset screens, loaded on demand as one chunk (with zod, for their checks). */
export { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
export { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
