import Delete from '@mui/icons-material/Delete';
import FileDownload from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { attachmentSchema, itemTypes } from '@pc/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { paginationLabels } from '../../components/data-grid/grid-locale';
import { PageHeader } from '../../components/page-header';
import { TextLink } from '../../components/text-link';
import { apiRequest, type DownloadedFile, saveFile } from '../../lib/api/api-client';
import { isApiError } from '../../lib/api/api-error';
import { formatBytes, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session/session-store';

type Attachment = z.infer<typeof attachmentSchema>;
const pageSchema = z.object({ items: z.array(attachmentSchema), total: z.number().int() });

/** Spec 000 §9 paginator: default page size 50. */
const PAGE_SIZES = [25, 50, 100];

async function download(attachment: Attachment) {
  const file = await apiRequest<DownloadedFile>(`/attachment/${attachment.id}/download`, { responseType: 'file' });
  saveFile(file, attachment.fileName);
}

function deleteAttachment(attachment: Attachment): Promise<void> {
  return apiRequest(`/attachment/${encodeURIComponent(attachment.id)}`, { method: 'DELETE', responseType: 'none' });
}

/** /documents: every attachment of the scope with its item (claim Document.ReadExtended); download and, where the server allows, delete. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const scopeId = useSession((s) => s.me?.scopeCompany?.id ?? null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const query = useQuery({
    queryKey: ['attachments', scopeId, page, pageSize],
    queryFn: ({ signal }) => apiRequest(`/attachment?page=${page}&pageSize=${pageSize}`, { schema: pageSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items ?? [];
  const client = useQueryClient();
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteAttachment(toDelete);
      notify(t('items.attachments.deleted', { name: toDelete.fileName }), 'success');
      setToDelete(null);
      await client.invalidateQueries({ queryKey: ['attachments'] });
    } catch (error) {
      notify(isApiError(error) ? error.message : t('common.unexpectedError'), 'error');
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <PageHeader title={t('section.documents')} />
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
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('section.documents')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('documents.file')}</TableCell>
                <TableCell>{t('documents.item')}</TableCell>
                <TableCell>{t('documents.type')}</TableCell>
                <TableCell align="right">{t('documents.size')}</TableCell>
                <TableCell>{t('documents.uploadedBy')}</TableCell>
                <TableCell>{t('documents.createdAt')}</TableCell>
                <TableCell padding="checkbox">
                  <Box
                    component="span"
                    sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                  >
                    {t('documents.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const route = itemTypes.find((x) => x.key === row.itemType)?.route;
                return (
                  <TableRow key={row.id} hover data-document={row.fileName}>
                    <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>{row.fileName}</TableCell>
                    <TableCell sx={{ minWidth: 180 }}>
                      {route && row.itemId ? (
                        <TextLink to={`${route}/${row.itemId}`}>{row.itemName}</TextLink>
                      ) : (
                        (row.itemName ?? '–')
                      )}
                      <Typography variant="caption" color="text.secondary" component="p">
                        {row.companyName}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {row.itemType ? t([`section.${row.itemType}`, 'section.unknown']) : t('documents.generated')}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(row.size, i18n.language)}
                    </TableCell>
                    <TableCell>{row.uploadedBy ?? '–'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                    <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('documents.downloadFile', { name: row.fileName })}>
                        <IconButton
                          aria-label={t('documents.downloadFile', { name: row.fileName })}
                          onClick={() =>
                            download(row).catch((error: unknown) =>
                              notify(isApiError(error) ? error.message : t('documents.downloadError'), 'error'),
                            )
                          }
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
            </TableBody>
          </Table>
        </Box>
        <TablePagination
          component="div"
          // A phone has no room for label, size, range and arrows on one line.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 0.5, justifyContent: 'flex-end' } }}
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => setPage(Math.max(0, p))}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          {...paginationLabels(t)}
        />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('items.attachments.deleteTitle')}
        text={t('items.attachments.deleteText', { name: toDelete?.fileName ?? '' })}
        confirmLabel={t('items.attachments.delete')}
        danger
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
