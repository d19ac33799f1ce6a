import type { ItemTypeKey } from '@pc/shared';
import { type Control, useWatch } from 'react-hook-form';
import { BreachPanel } from './extras/breach-panel';
import { PdcaPanel } from './extras/pdca-panel';
import { RequestPanel } from './extras/request-panel';
import { RiskMatrix } from './extras/risk-matrix';
import type { ItemFormValues } from './form-values';

/** What only some types show, computed live from the form: deadlines, the risk matrix, PDCA progress. */
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
    default:
      return null;
  }
}

export const hasTypeExtras = (type: ItemTypeKey) =>
  type === 'data-breach' || type === 'privacy-request' || type === 'impact-assessment' || type === 'pdca-list';
