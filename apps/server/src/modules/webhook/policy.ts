/**
 * Webhooks are a company's administration: its administrators (Administration.Access in the
 * request's company) register, change, remove and resend them. Sent with every endpoint and delivery.
 */
export const mayManageWebhooks = (claims: ReadonlySet<string>) => claims.has('Administration.Access');

export const webhookRights = (claims: ReadonlySet<string>) => ({
  update: mayManageWebhooks(claims),
  delete: mayManageWebhooks(claims),
  resend: mayManageWebhooks(claims),
});
