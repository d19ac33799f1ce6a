import {
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  type CompanyListItem,
  companyListItemSchema,
  type Language,
  type NotificationChannel,
  notificationDefaultsSchema,
  notificationSettingsSchema,
  type UserMe,
  userMeSchema,
} from '@pc/shared';
import { z } from 'zod';
import { apiRequest } from '../../lib/api/api-client';
import { uploadFile } from '../../lib/api/upload';

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationsKey = ['profile', 'notifications'] as const;

/** PUT /api/user/profile: name and language; answers with the fresh `me`. */
export function updateProfile(body: { firstname: string; lastname: string; language: Language }): Promise<UserMe> {
  return apiRequest('/user/profile', { method: 'PUT', json: body, schema: userMeSchema });
}

/** The server mails a confirmation link to the new address; the old one stays until it is used. */
export function requestEmailChange(email: string): Promise<void> {
  return apiRequest('/user/email-change', { method: 'POST', json: { email }, responseType: 'none' });
}

/** Public: the link may be opened in any browser, logged in or not. */
export function confirmEmailChange(body: { userId: string; token: string }): Promise<void> {
  return apiRequest('/user/email-change/confirm', { method: 'POST', json: body, responseType: 'none', auth: false });
}

export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest('/user/notifications', { schema: notificationSettingsSchema });
}

export function saveNotificationSettings(body: {
  securityNotices: boolean;
  categories?: NotificationChannel[];
}): Promise<NotificationSettings> {
  return apiRequest('/user/notifications', { method: 'PUT', json: body, schema: notificationSettingsSchema });
}

export type NotificationDefaults = z.infer<typeof notificationDefaultsSchema>;
export const notificationDefaultsKey = ['account', 'notification-defaults'] as const;

/** The defaults of the user's company for its users, with the caller's right to change them. */
export function fetchNotificationDefaults(): Promise<NotificationDefaults> {
  return apiRequest('/account/notification-defaults', { schema: notificationDefaultsSchema });
}

export function saveNotificationDefaults(categories: NotificationChannel[]): Promise<NotificationDefaults> {
  return apiRequest('/account/notification-defaults', {
    method: 'PUT',
    json: { categories },
    schema: notificationDefaultsSchema,
  });
}

export function uploadAvatar(file: File, onProgress: (fraction: number) => void = () => {}): Promise<void> {
  return uploadFile<void>('/user/avatar', file, onProgress);
}

export function deleteAvatar(): Promise<void> {
  return apiRequest('/user/avatar', { method: 'DELETE', responseType: 'none' });
}

export const apiTokensKey = ['profile', 'api-tokens'] as const;
export const tokenCompaniesKey = ['profile', 'api-token-companies'] as const;

/** The user's personal API tokens that still work (never the tokens themselves). */
export function fetchApiTokens(): Promise<ApiToken[]> {
  return apiRequest('/user/api-token', { schema: apiTokenListSchema });
}

/** Creates a token; the answer holds it once, it cannot be read again. */
export function createApiToken(body: ApiTokenInput): Promise<ApiTokenCreated> {
  return apiRequest('/user/api-token', { method: 'POST', json: body, schema: apiTokenCreatedSchema });
}

export function revokeApiToken(id: string): Promise<void> {
  return apiRequest(`/user/api-token/${id}`, { method: 'DELETE', responseType: 'none' });
}

/** The companies a token may be limited to: those the user sees. */
export function fetchTokenCompanies(): Promise<CompanyListItem[]> {
  return apiRequest('/company/list-items', { schema: z.array(companyListItemSchema) });
}
