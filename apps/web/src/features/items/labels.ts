import { type FieldDef, type Item, type ItemTypeKey, itemTypeDefs } from '@pc/shared';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from '../../lib/format';

/** Field label: a type may name a shared key differently (`items.fieldFor.<type>.<key>`). */
export function fieldLabel(t: TFunction, type: ItemTypeKey, key: string): string {
  return t([`items.fieldFor.${type}.${key}`, `items.field.${key}`]);
}

/** Label of a field inside a list field (`items.subfield.<list>.<key>`). */
export function subFieldLabel(t: TFunction, listKey: string, key: string): string {
  return t([`items.subfield.${listKey}.${key}`, `items.field.${key}`]);
}

export const optionLabel = (t: TFunction, options: string, value: string) => t(`items.option.${options}.${value}`);

export const typeSingular = (t: TFunction, type: ItemTypeKey) => t(`items.type.${type}.one`);
export const typePlural = (t: TFunction, type: ItemTypeKey) => t(`items.type.${type}.other`);

/** A message key from zod or the server (`validation.required`) in the user's language. */
export function validationMessage(t: TFunction, message: string | undefined): string {
  if (!message) return '';
  if (/^validation\.[A-Za-z]+$/.test(message)) return t([`items.${message}`, message, 'items.validation.invalid']);
  return message;
}

export function findField(type: ItemTypeKey, key: string): FieldDef | undefined {
  return itemTypeDefs[type].fields.find((f) => f.key === key);
}

/**
 * One value of a type field as text (list cells, Excel, history). Tags are named from the item
 * when it is given; links and lists show how many entries they hold.
 */
export function formatFieldValue(t: TFunction, field: FieldDef, value: unknown, item?: Pick<Item, 'tags'>): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : '';
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) : '';
    case 'number':
      return typeof value === 'number' ? value.toLocaleString(t('items.numberLocale')) : '';
    case 'boolean':
      return value === true ? t('items.yes') : t('items.no');
    case 'select':
      return typeof value === 'string' ? optionLabel(t, field.options, value) : '';
    case 'multiselect':
      return Array.isArray(value) ? value.map((v) => optionLabel(t, field.options, String(v))).join(', ') : '';
    case 'tags': {
      if (!Array.isArray(value)) return '';
      const names = value.map((id) => item?.tags.find((tag) => tag.id === id)?.name);
      return names.every(Boolean) ? names.join(', ') : t('items.entries', { count: value.length });
    }
    case 'links':
    case 'list':
      return Array.isArray(value) ? (value.length ? t('items.entries', { count: value.length }) : '') : '';
  }
}
