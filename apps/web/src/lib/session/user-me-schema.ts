// Loaded on demand: the schema of /api/user/me needs full zod, which the login screen does
// without (docs/decisions/0027). Whoever has a session is about to load the shell, which needs it.
export { userMeSchema } from '@pc/shared';
