import { type Language, notificationSettingsSchema, type UserMe, userMeSchema } from '@pc/shared';
import type { z } from 'zod';
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

export function saveNotificationSettings(body: NotificationSettings): Promise<NotificationSettings> {
  return apiRequest('/user/notifications', { method: 'PUT', json: body, schema: notificationSettingsSchema });
}

export function uploadAvatar(file: File, onProgress: (fraction: number) => void = () => {}): Promise<void> {
  return uploadFile<void>('/user/avatar', file, onProgress);
}

export function deleteAvatar(): Promise<void> {
  return apiRequest('/user/avatar', { method: 'DELETE', responseType: 'none' });
}
