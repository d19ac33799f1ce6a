import Delete from '@mui/icons-material/Delete';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserMe } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUploadedPicture, UserAvatar, useAvatarPicture } from '../../components/user-avatar';
import { bumpAvatarVersion } from '../../lib/avatar';
import { IMAGE_ACCEPT, useImageFile } from '../../lib/image-file';
import { notify } from '../../lib/notify';
import { deleteAvatar, uploadAvatar } from './profile-api';
import { profileErrorText } from './profile-messages';

const SIZE = 88;

/** The picture: choose a file, see it, then save or discard it; or remove the stored one. */
export function AvatarEditor({ me }: { me: UserMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { file, preview, choose, discard } = useImageFile((problem) =>
    setError(problem ? t(`profileEdit.avatar.error.${problem}`) : null),
  );
  const stored = useAvatarPicture(me.email, SIZE * 2);
  const hasPicture = isUploadedPicture(stored.data);

  const refreshed = async () => {
    bumpAvatarVersion();
    await queryClient.invalidateQueries({ queryKey: ['avatar'] });
  };

  const save = async () => {
    if (!file) return;
    setBusy('upload');
    try {
      await uploadAvatar(file);
      await refreshed();
      discard();
      notify(t('profileEdit.avatar.saved'), 'success');
    } catch (e) {
      setError(profileErrorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      await deleteAvatar();
      await refreshed();
      notify(t('profileEdit.avatar.removed'), 'success');
    } catch (e) {
      setError(profileErrorText(t, e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        <UserAvatar
          firstname={me.firstname}
          lastname={me.lastname}
          email={me.email}
          size={SIZE}
          previewUrl={preview}
          alt={preview ? t('profileEdit.avatar.previewAlt') : t('profileEdit.avatar.alt')}
        />
        {busy && (
          <CircularProgress
            size={SIZE + 8}
            thickness={2}
            aria-label={t('common.loading')}
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <input ref={inputRef} id={inputId} type="file" accept={IMAGE_ACCEPT} onChange={choose} hidden />
        {file ? (
          <>
            <Typography id={statusId} variant="body2" sx={{ fontWeight: 600, mb: 1 }} role="status">
              {t('profileEdit.avatar.previewHint')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" size="small" onClick={() => void save()} disabled={!!busy}>
                {t('profileEdit.avatar.save')}
              </Button>
              <Button size="small" onClick={discard} disabled={!!busy}>
                {t('profileEdit.avatar.discard')}
              </Button>
            </Stack>
          </>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('profileEdit.avatar.hint')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<PhotoCamera />}
                onClick={() => inputRef.current?.click()}
                disabled={!!busy}
              >
                {t(hasPicture ? 'profileEdit.avatar.replace' : 'profileEdit.avatar.upload')}
              </Button>
              {hasPicture && (
                <Button size="small" color="error" startIcon={<Delete />} onClick={() => void remove()} disabled={!!busy}>
                  {t('profileEdit.avatar.remove')}
                </Button>
              )}
            </Stack>
          </>
        )}
        {error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
