import type { Notification } from '@pc/shared';

/** What a notification is about, as the panel and the page show it before the company: "ISS-0001 Name · ". */
export function notificationLine(n: Notification): string {
  if (n.item) return `${n.item.numberLabel} ${n.item.name} · `;
  if (n.subject) return `${n.subject} · `;
  return '';
}
