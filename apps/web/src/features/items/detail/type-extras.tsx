import type { ItemTypeKey } from '@pc/shared';
import { type Control, useWatch } from 'react-hook-form';
import { BreachPanel } from './extras/breach-panel';
import { DocumentPanel } from './extras/document-panel';
import { PdcaPanel } from './extras/pdca-panel';
import { RequestPanel } from './extras/request-panel';
import { RiskMatrix } from './extras/risk-matrix';
import { SummaryPanel } from './extras/summary-panel';
import type { ItemFormValues } from './form-values';

/**
 * What only some types show, computed live from the form: deadlines, the risk matrix, PDCA
 * progress, the activity report of a summary and the placeholders and PDF of a dynamic document.
 */
export function TypeExtras({ type, control }: { type: ItemTypeKey; control: Control<ItemFormValues> }) {
  const data = useWatch({ control, name: 'data' }) as Record<string, unknown>;
  const status = useWatch({ control, name: 'status' });
  switch (type) {
    case 'data-breach':
      return <BreachPanel discoveredAt={data.discoveredAt} notifiedAt={data.notifiedAt} status={status} />;
    case 'privacy-request':
      return <RequestPanel receivedDate={data.receivedDate} extended={data.extended} status={status} />;
    case 'impact-assessment':
      return <RiskMatrix risks={Array.isArray(data.risks) ? (data.risks as { likelihood: unknown; severity: unknown }[]) : []} />;
    case 'pdca-list':
      return <PdcaPanel data={data} />;
    case 'summary':
      return <SummaryPanel control={control} />;
    case 'dynamic-document':
      return <DocumentPanel control={control} />;
    default:
      return null;
  }
}

const withExtras = new Set<ItemTypeKey>([
  'data-breach',
  'privacy-request',
  'impact-assessment',
  'pdca-list',
  'summary',
  'dynamic-document',
]);

export const hasTypeExtras = (type: ItemTypeKey) => withExtras.has(type);
