// No zod here: the route table in the login screen's bundle reads these.
/** The item types a questionnaire can be linked to: audits and the three kinds of service agreement. */
export const questionnaireLinkTypes = [
  'audit',
  'service-agreement-with-provider',
  'service-agreement-with-client',
  'service-agreement-with-shared-responsibility',
] as const;
export type QuestionnaireLinkType = (typeof questionnaireLinkTypes)[number];
