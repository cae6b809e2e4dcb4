/** The password reset and invitation screens, loaded on demand as one chunk (with zod, for their checks). */
export { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
export { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
export { InvitationPage } from '../features/auth/InvitationPage';
