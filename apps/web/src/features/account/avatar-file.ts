import { emailChangeSchema } from '@pc/shared';
import { z } from 'zod';

/**
 * The new address as the server takes it (its shared schema, after trimming) and not the current
 * one. Messages are keys under profileEdit.email.error: required, invalid, same.
 */
export const newEmailSchema = (current: string) =>
  z.object({
    email: z
      .string()
      .trim()
      .superRefine((email, ctx) => {
        const error = !email
          ? 'required'
          : !emailChangeSchema.safeParse({ email }).success
            ? 'invalid'
            : email.toLowerCase() === current.trim().toLowerCase()
              ? 'same'
              : null;
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
  });

/** The confirmation link of the e-mail change: /profile?confirmEmail=<token>&user=<id>. */
export function emailConfirmParams(search: string): { token: string; userId: string } | null {
  // Read raw: the router's search parser would turn a token of digits into a number.
  const params = new URLSearchParams(search);
  const token = params.get('confirmEmail');
  const userId = params.get('user');
  if (!token || !userId) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  return { token, userId };
}
