import Warning from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { dueAlert, type Item } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { TagBox } from '../../../components/tag-box';
import { TextLink } from '../../../components/text-link';
import { formatDate, formatDateTime } from '../../../lib/format';
import { BreachCountdownChip } from '../breach-countdown-chip';
import type { ItemColumn } from './item-columns';
import { StatusCell } from './status-cell';

/** A due date before the start of today shows in red (open items only). */
function DueDate({ item }: { item: Item }) {
  const red = dueAlert(item.dueDate, item.status) === 'red';
  return (
    <Typography component="span" variant="body2" sx={red ? { color: 'error.main', fontWeight: 650 } : undefined}>
      {formatDate(item.dueDate)}
    </Typography>
  );
}

/** The register's completeness check for one row: a warning sign that says what is missing. */
function Findings({ findings }: { findings: readonly string[] }) {
  const { t } = useTranslation();
  const text = findings.map((f) => t(`items.finding.${f}`)).join(' ');
  // titleAccess names the icon for screen readers and is the pointer's tooltip as well.
  return <Warning titleAccess={text} data-finding={findings.join(' ')} fontSize="small" color="warning" />;
}

function cell(column: ItemColumn, item: Item, detailHref: string, onStatus?: StatusChange) {
  switch (column.kind) {
    case 'status':
      return <StatusCell item={item} onStatus={onStatus} />;
    case 'dueDate':
      return <DueDate item={item} />;
    case 'tags':
      return <TagBox tags={item.tags} />;
    case 'countdown':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <BreachCountdownChip
            deadline={item.derived.authorityDeadline as string | undefined}
            notified={item.derived.notified === true}
            overdue={item.derived.overdue === true}
            status={item.status}
          />
        </Box>
      );
    case 'date':
      return formatDate(column.value(item) as Date | null);
    case 'datetime':
      return formatDateTime(column.value(item) as Date | null);
  }
  if (column.key === 'name') {
    // A real link: keyboard users and screen readers reach the detail page from here. A name
    // longer than its column wraps onto a second line (the row holds two) before it is cut, so a
    // phone's narrow pinned column shows words, not a stub; the title shows all of it.
    const link = (
      <TextLink
        to={detailHref}
        underline="hover"
        color="inherit"
        title={item.name}
        sx={{
          fontWeight: 600,
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
          lineHeight: 1.3,
        }}
        onClick={(e) => e.stopPropagation()}
      >
        {item.name}
      </TextLink>
    );
    const findings = Array.isArray(item.derived.findings) ? (item.derived.findings as string[]) : [];
    if (findings.length === 0) return link;
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
        <Findings findings={findings} />
        {link}
      </Box>
    );
  }
  const v = column.value(item);
  const text = v === null ? '' : String(v);
  // Long values (legal bases, counterparties) are cut by the cell; the title shows all of it.
  return (
    <Box component="span" title={text} sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {text}
    </Box>
  );
}

type StatusChange = (item: Item, status: number) => void;

/**
 * `route`: the list's route, or the route of each row's own type (a list over several types);
 * `onStatus`: the status cell changes the status in place (where the row's rights allow).
 */
export function gridColumns(
  columns: readonly ItemColumn[],
  route: string | ((item: Item) => string),
  onStatus?: StatusChange,
): GridColDef<Item>[] {
  const href = (row: Item) => `${typeof route === 'string' ? route : route(row)}/${row.id}`;
  return columns.map((c) => ({
    field: c.key,
    headerName: c.header,
    sortable: c.sortable,
    width: c.width,
    flex: c.flex,
    minWidth: c.minWidth ?? Math.min(c.width ?? 100, 100),
    type: c.kind === 'number' ? 'number' : 'string',
    valueGetter: (_value, row) => c.value(row),
    renderCell: ({ row }) => cell(c, row, href(row), onStatus),
  }));
}
