// No zod here: the login screen's bundle reads these (docs/decisions/0027).
export const languages = ['de', 'en'] as const;
export type Language = (typeof languages)[number];
