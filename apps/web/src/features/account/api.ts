import {
  type ChangePassword,
  type NotificationChannel,
  type ResetPassword,
  type TokenResponse,
  tokenResponseSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  validateResetTokenResponseSchema,
} from '@pc/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { fetchMe, setMe } from '../../lib/session/session-actions';
import {
  apiTokensKey,
  confirmEmailChange,
  fetchApiTokens,
  fetchNotificationDefaults,
  fetchNotificationSettings,
  fetchTokenCompanies,
  type NotificationSettings,
  notificationDefaultsKey,
  notificationsKey,
  saveNotificationDefaults,
  saveNotificationSettings,
  tokenCompaniesKey,
} from './profile-api';

/** What a save of the profile's settings does besides updating the cache (the card's messages). */
interface SaveCallbacks<T> {
  onSuccess?: (saved: T) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

/** The user's notification settings: security notices and each category's channels. */
export function useNotificationSettings() {
  return useQuery({ queryKey: notificationsKey, queryFn: fetchNotificationSettings });
}

export function useSaveNotificationSettings(callbacks: SaveCallbacks<NotificationSettings> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationsKey, saved);
      callbacks.onSuccess?.(saved);
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}

/** The company's defaults for its users, with whether the caller may change them. */
export function useNotificationDefaults() {
  return useQuery({ queryKey: notificationDefaultsKey, queryFn: fetchNotificationDefaults });
}

/** Saves one category's default; the user's own settings, which fall back to it, are read again. */
export function useSaveNotificationDefault(callbacks: SaveCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: NotificationChannel) => saveNotificationDefaults([next]),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationDefaultsKey, saved);
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
      callbacks.onSuccess?.(saved);
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}

/** POST /api/auth/mfa with the pending token: a fresh full session on success, 422 on a wrong code. */
export function verifySecondFactor(body: { code: string; isRecoveryCode: boolean }): Promise<TokenResponse> {
  return apiRequest('/auth/mfa', { method: 'POST', json: body, schema: tokenResponseSchema });
}

/** Whether the link still works, and then the address it was mailed to. */
export function validateResetToken(userId: string, token: string): Promise<{ valid: boolean; email?: string }> {
  return apiRequest('/auth/reset-password/validate', {
    method: 'POST',
    json: { userId, token },
    schema: validateResetTokenResponseSchema,
    auth: false,
  });
}

/** 204 on success, 400 with the server's message for an invalid or expired link, 422 per field. */
export function resetPassword(body: ResetPassword): Promise<void> {
  return apiRequest('/auth/reset-password', { method: 'POST', json: body, auth: false, responseType: 'none' });
}

export function changePassword(body: ChangePassword): Promise<void> {
  return apiRequest('/user/change-password', { method: 'POST', json: body, responseType: 'none' });
}

export function unsubscribe(body: { email: string; category: string; signature: string }): Promise<void> {
  return apiRequest('/mail/unsubscribe', { method: 'POST', json: body, auth: false, responseType: 'none' });
}

export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export function startTwoFactorSetup(password: string): Promise<TwoFactorSetup> {
  return apiRequest('/user/two-factor/setup', { method: 'POST', json: { password }, schema: twoFactorSetupSchema });
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  const res = await apiRequest('/user/two-factor/enable', { method: 'POST', json: { code }, schema: twoFactorEnabledSchema });
  return res.recoveryCodes;
}

export function disableTwoFactor(body: { password: string; code: string }): Promise<void> {
  return apiRequest('/user/two-factor/disable', { method: 'POST', json: body, responseType: 'none' });
}

/** Reload `me` after a change to the account (two-factor state, lock reason). */
export async function refreshMe(): Promise<void> {
  setMe(await fetchMe());
}

/**
 * Confirms an e-mail change from its link, once: the token is spent by the first call, so the
 * answer is kept for the page's life and never asked again.
 */
export function useEmailChangeConfirmation(params: { token: string; userId: string } | null) {
  return useQuery({
    queryKey: ['email-change-confirm', params?.token],
    queryFn: async () => {
      await confirmEmailChange(params!);
      await refreshMe().catch(() => undefined);
      return true;
    },
    enabled: !!params,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The user's personal API tokens (profile card "API-Zugänge"). */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensKey, queryFn: fetchApiTokens });
}

/** The companies a new token may be limited to. */
export function useTokenCompanies() {
  return useQuery({ queryKey: tokenCompaniesKey, queryFn: fetchTokenCompanies });
}
