import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { itemTypes } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerPagination } from '../../components/data-grid/server-pagination';
import { useServerGrid } from '../../components/data-grid/use-server-grid';
import { DeleteFileDialog } from '../../components/delete-file-dialog';
import { PageHeader } from '../../components/page-header';
import { SimpleTable } from '../../components/simple-table';
import { TextLink } from '../../components/text-link';
import { formatBytes, formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';
import { type Attachment, deleteDocument, documentDefaults, documentKeys, documentPageQuery, downloadDocument } from './api';
import { ManagementReportButton } from './management-report-button';

/** /documents: every attachment of the scope with its item (claim Document.ReadExtended); download and, where the server allows, delete. */
/** Columns a phone leaves out: their values read under the file name there. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const pageQuery = useMemo(() => documentPageQuery(scopeId), [scopeId]);
  const { view, setView, query } = useServerGrid({ query: pageQuery, defaults: documentDefaults });
  const rows = query.data?.items ?? [];
  const client = useQueryClient();
  const [toDelete, setToDelete] = useState<Attachment | null>(null);

  return (
    <>
      <PageHeader title={t('section.documents')} actions={<ManagementReportButton />} />
      {!scopeId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('documents.needScope')}
        </Alert>
      )}
      <Card>
        {query.isFetching && <LinearProgress sx={{ height: 2 }} />}
        {query.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('documents.loadError')}
          </Alert>
        )}
        <SimpleTable
          label={t('section.documents')}
          columns={[
            t('documents.file'),
            t('documents.item'),
            { label: t('documents.type'), sx: wideOnly },
            { label: t('documents.size'), align: 'right', sx: wideOnly },
            { label: t('documents.uploadedBy'), sx: wideOnly },
            { label: t('documents.createdAt'), sx: wideOnly },
            { label: t('documents.actions'), padding: 'checkbox', hidden: true },
          ]}
        >
          {rows.map((row) => {
            const route = itemTypes.find((x) => x.key === row.itemType)?.route;
            return (
              <TableRow key={row.id} hover data-document={row.fileName}>
                <TableCell sx={{ minWidth: { xs: 110, md: 180 }, overflowWrap: 'anywhere' }}>
                  {row.fileName}
                  {/* On a phone the columns left out read under the file name. */}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="p"
                    sx={{ display: { xs: 'block', md: 'none' } }}
                  >
                    {[formatBytes(row.size, i18n.language), formatDateTime(row.createdAt), row.uploadedBy]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: { xs: 110, md: 180 }, overflowWrap: 'anywhere' }}>
                  {route && row.itemId ? (
                    <TextLink to={`${route}/${row.itemId}`}>{row.itemName}</TextLink>
                  ) : (
                    (row.itemName ?? '–')
                  )}
                  <Typography variant="caption" color="text.secondary" component="p">
                    {row.companyName}
                  </Typography>
                </TableCell>
                <TableCell sx={wideOnly}>
                  {row.itemType ? t([`section.${row.itemType}`, 'section.unknown']) : t('documents.generated')}
                </TableCell>
                <TableCell align="right" sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
                  {formatBytes(row.size, i18n.language)}
                </TableCell>
                <TableCell sx={wideOnly}>{row.uploadedBy ?? '–'}</TableCell>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('documents.downloadFile', { name: row.fileName })}>
                    <IconButton
                      aria-label={t('documents.downloadFile', { name: row.fileName })}
                      onClick={() => downloadDocument(row).catch((error: unknown) => notify(errorText(t, error), 'error'))}
                    >
                      <FileDownload />
                    </IconButton>
                  </Tooltip>
                  {/* The server decides per file (the claims of its item's type). */}
                  {row.rights.delete && (
                    <Tooltip title={t('items.attachments.deleteOf', { name: row.fileName })}>
                      <IconButton
                        aria-label={t('items.attachments.deleteOf', { name: row.fileName })}
                        onClick={() => setToDelete(row)}
                      >
                        <Delete />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
          {query.isSuccess && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography color="text.secondary" sx={{ py: 2 }}>
                  {t('documents.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </SimpleTable>
        <ServerPagination
          view={view}
          setView={setView}
          total={query.data?.total ?? 0}
          // A phone has no room for label, size, range and arrows on one line.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 0.5, justifyContent: 'flex-end' } }}
        />
      </Card>
      <DeleteFileDialog
        file={toDelete}
        onDelete={deleteDocument}
        onDeleted={() => void client.invalidateQueries({ queryKey: documentKeys.all })}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
