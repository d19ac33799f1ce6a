import { sql } from 'drizzle-orm';

/**
 * A user's full name from the `app_user` row that `alias` names, null when both parts are empty
 * (the caller decides what stands in: the e-mail address, an empty text, nothing). SQL text, for
 * statements written out; `alias` is always a constant of the caller's statement.
 */
export const fullNameText = (alias: string) => `nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), '')`;

/** The same, as a fragment of a drizzle `sql` statement. */
export const fullName = (alias: string) => sql<string | null>`${sql.raw(fullNameText(alias))}`;
