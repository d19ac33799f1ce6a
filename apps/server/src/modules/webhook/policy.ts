/**
 * Webhooks are a company's administration: its administrators (Administration.Access in the
 * request's company) register, remove and resend them. Sent with every endpoint and delivery.
 */
export const mayManageWebhooks = (claims: ReadonlySet<string>) => claims.has('Administration.Access');

export const webhookRights = (claims: ReadonlySet<string>) => ({
  delete: mayManageWebhooks(claims),
  resend: mayManageWebhooks(claims),
});
