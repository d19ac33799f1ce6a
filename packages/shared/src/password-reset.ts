import { z } from 'zod';
import { text } from './scalars';

/** POST /api/auth/forgot-password (the e-mail must be a valid e-mail). */
export const forgotPasswordSchema = z.object({
  email: text.trim().min(1, 'validation.required').pipe(z.email('validation.email')),
});
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;
