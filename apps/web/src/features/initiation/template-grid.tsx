import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { PROCESS_TEMPLATE_PAGE_SIZE, PROCESS_TEMPLATE_PAGE_SIZES, type ProcessTemplateQuery } from '@pc/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paginationLabels } from '../../components/data-grid/grid-locale';
import { RetryAlert } from '../../components/retry-alert';
import { SearchField } from '../../components/search-field';
import { useProcessTemplates } from './api';
import { toggleAll, toggleOne } from './logic';

interface TemplateGridProps {
  selected: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

/**
 * Processing-activity templates: filtered, sorted and paged by the server, 15 rows
 * a page (15/25/50), multi-select with select-all across all pages of the filter.
 */
export function TemplateGrid({ selected, onChange, disabled }: TemplateGridProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<ProcessTemplateQuery>({
    page: 0,
    pageSize: PROCESS_TEMPLATE_PAGE_SIZE,
    sort: 'templateName',
    dir: 'asc',
  });
  // The filter goes to the server once typing pauses.
  useEffect(() => {
    const id = setTimeout(
      () =>
        setQuery((q) => (q.filter === (typed.trim() || undefined) ? q : { ...q, filter: typed.trim() || undefined, page: 0 })),
      300,
    );
    return () => clearTimeout(id);
  }, [typed]);
  const templates = useProcessTemplates(query);
  const data = templates.data;
  const allIds = data?.allIds ?? [];
  const chosenHere = allIds.filter((id) => selected.includes(id)).length;
  const sortBy = (sort: ProcessTemplateQuery['sort']) =>
    setQuery((q) => ({ ...q, sort, dir: q.sort === sort && q.dir === 'asc' ? 'desc' : 'asc', page: 0 }));
  const sortHeader = (sort: ProcessTemplateQuery['sort'], label: string, sx?: SxProps<Theme>) => (
    <TableCell sx={sx} sortDirection={query.sort === sort ? query.dir : false}>
      <TableSortLabel
        active={query.sort === sort}
        direction={query.sort === sort ? query.dir : 'asc'}
        onClick={() => sortBy(sort)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField
          label={t('initiation.templates.filter')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 240px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="template-count">
          {t('initiation.templates.selected', { count: selected.length })}
        </Typography>
        {selected.length > 0 && (
          <Button size="small" onClick={() => onChange([])} disabled={disabled}>
            {t('initiation.templates.clear')}
          </Button>
        )}
      </Box>
      {templates.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      <RetryAlert query={templates} sx={{ m: 1.5 }}>
        {t('initiation.templates.loadError')}
      </RetryAlert>
      <TableContainer>
        <Table size="small" aria-label={t('initiation.templates.label')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allIds.length > 0 && chosenHere === allIds.length}
                  indeterminate={chosenHere > 0 && chosenHere < allIds.length}
                  onChange={() => onChange(toggleAll(selected, allIds))}
                  disabled={disabled || allIds.length === 0}
                  slotProps={{ input: { 'aria-label': t('initiation.templates.selectAll', { count: allIds.length }) } }}
                />
              </TableCell>
              {sortHeader('templateName', t('initiation.templates.name'))}
              {sortHeader('templateDescription', t('initiation.templates.description'), {
                display: { xs: 'none', sm: 'table-cell' },
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((row) => {
              const checked = selected.includes(row.id);
              return (
                <TableRow
                  key={row.id}
                  hover
                  selected={checked}
                  onClick={() => !disabled && onChange(toggleOne(selected, row.id))}
                  sx={{ cursor: disabled ? undefined : 'pointer' }}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={checked}
                      disabled={disabled}
                      onClick={(e) => e.stopPropagation()}
                      onChange={() => onChange(toggleOne(selected, row.id))}
                      slotProps={{ input: { 'aria-label': row.templateName } }}
                    />
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {row.templateName}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {row.templateDescription}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, color: 'text.secondary' }}>
                    {row.templateDescription}
                  </TableCell>
                </TableRow>
              );
            })}
            {data && data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  {t('initiation.templates.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data?.total ?? 0}
        page={data && query.page * query.pageSize >= data.total ? 0 : query.page}
        rowsPerPage={query.pageSize}
        rowsPerPageOptions={[...PROCESS_TEMPLATE_PAGE_SIZES]}
        onPageChange={(_e, page) => setQuery((q) => ({ ...q, page }))}
        onRowsPerPageChange={(e) => setQuery((q) => ({ ...q, pageSize: Number(e.target.value), page: 0 }))}
        {...paginationLabels(t)}
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Box>
  );
}
