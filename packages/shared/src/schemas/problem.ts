import { z } from 'zod';

/** Stable error codes carried by every problem+json answer (ARCHITECTURE.md). */
export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'INVALID_REFRESH_TOKEN',
  'INVALID_RESET_KEY',
  'INVALID_INVITATION_KEY',
  'WRONG_PASSWORD',
  'WEAK_PASSWORD',
  'XSRF',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  'SUBSCRIPTION_REQUIRED',
  'SHOP_DISABLED',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, with a French title and detail. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
