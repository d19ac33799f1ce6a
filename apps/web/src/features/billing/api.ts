import {
  type AccountStatement,
  accountStatementSchema,
  billingCatalogueSchema,
  type ContractDetails,
  type CouponInput,
  cancelResultSchema,
  contractDetailsSchema,
  type OrderPreview,
  orderPreviewSchema,
  type PaymentBearerInput,
  type PlanVariantInput,
  type SignupPreviewRequest,
  type SignupRequest,
  type SsoConfigForm,
  signupResultSchema,
  ssoConfigSchema,
  ssoTestResultSchema,
} from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api/api-client';

/** POST /api/signup/preview: plan, lines, VAT, totals and the coupon with its error code. */
export function previewSignup(body: SignupPreviewRequest): Promise<OrderPreview> {
  return apiRequest('/signup/preview', { method: 'POST', json: body, schema: orderPreviewSchema, auth: false });
}

/** POST /api/signup: answers the same for every address (the password link comes by mail). */
export function signup(body: SignupRequest) {
  return apiRequest('/signup', { method: 'POST', json: body, schema: signupResultSchema, auth: false });
}

export const contractKey = ['account', 'contract'] as const;

export function fetchContract(): Promise<ContractDetails> {
  return apiRequest('/account/contract', { schema: contractDetailsSchema });
}

export function useContract(enabled = true) {
  return useQuery({ queryKey: contractKey, queryFn: fetchContract, retry: false, enabled });
}

export const statementKey = ['account', 'statement'] as const;

/** The balance line by line and the invoices of the caller's account. */
export function useStatement(enabled = true) {
  return useQuery({
    queryKey: statementKey,
    queryFn: (): Promise<AccountStatement> => apiRequest('/account/statement', { schema: accountStatementSchema }),
    enabled,
  });
}

export function cancelContract() {
  return apiRequest('/account/cancel', { method: 'POST', json: { confirmed: true }, schema: cancelResultSchema });
}

export function previewUpgrade(planVariantId: string): Promise<OrderPreview> {
  return apiRequest('/account/upgrade/preview', { method: 'POST', json: { planVariantId }, schema: orderPreviewSchema });
}

export function upgrade(planVariantId: string, paymentBearer: PaymentBearerInput): Promise<ContractDetails> {
  return apiRequest('/account/upgrade', {
    method: 'POST',
    json: { planVariantId, paymentBearer },
    schema: contractDetailsSchema,
  });
}

export const catalogueKey = ['billing', 'catalogue'] as const;

export function useCatalogue() {
  return useQuery({
    queryKey: catalogueKey,
    queryFn: () => apiRequest('/billing/catalogue', { schema: billingCatalogueSchema }),
  });
}

/** A change to the catalogue; the server answers the whole catalogue as it now is. */
const changeCatalogue = (path: string, method: 'POST' | 'PUT' | 'DELETE', json?: unknown) =>
  apiRequest(`/billing/${path}`, { method, json, schema: billingCatalogueSchema });

export const addCoupon = (body: CouponInput) => changeCatalogue('coupon', 'POST', body);

export const updateCoupon = (id: string, body: CouponInput) => changeCatalogue(`coupon/${encodeURIComponent(id)}`, 'PUT', body);

export const deleteCoupon = (id: string) => changeCatalogue(`coupon/${encodeURIComponent(id)}`, 'DELETE');

export const deactivateCoupon = (id: string) => changeCatalogue(`coupon/${encodeURIComponent(id)}/deactivate`, 'POST');

export const updatePlanVariant = (id: string, body: PlanVariantInput) =>
  changeCatalogue(`plan-variant/${encodeURIComponent(id)}`, 'PUT', body);

export const ssoKey = ['account', 'sso'] as const;

/** The account's single sign-on; answers 403 for users who may not configure it (no card then). */
export function useSsoConfig() {
  return useQuery({
    queryKey: ssoKey,
    queryFn: () => apiRequest('/account/sso', { schema: ssoConfigSchema }),
    retry: false,
  });
}

/** The price of moving to a plan variant; asked only while the page may upgrade. */
export function useUpgradePreview(planVariantId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'upgrade-preview', planVariantId],
    queryFn: () => previewUpgrade(planVariantId),
    enabled,
    retry: false,
  });
}

export function saveSsoConfig(body: SsoConfigForm) {
  return apiRequest('/account/sso', { method: 'PUT', json: body, schema: ssoConfigSchema });
}

export function testSsoConfig() {
  return apiRequest('/account/sso/test', { method: 'POST', schema: ssoTestResultSchema });
}

/** Cancels the contract; everything under 'account' (contract, statement) is read again. */
export function useCancelContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelContract,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
