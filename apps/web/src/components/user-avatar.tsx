import Avatar from '@mui/material/Avatar';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api/api-client';
import { avatarPath, useAvatarVersion } from '../lib/avatar';
import { useObjectUrl } from '../lib/image-file';
import { initials } from '../lib/permissions';
import { useSession } from '../lib/session/session-store';

interface UserAvatarProps {
  firstname: string;
  lastname: string;
  email: string;
  /** Shown size in CSS pixels; the picture is fetched at twice that for sharp screens. */
  size: number;
  /** A picture chosen but not uploaded yet (object URL) replaces the stored one. */
  previewUrl?: string | null;
  /** Decorative by default: the name is always written next to it. */
  alt?: string;
}

/** The avatar as the server answers it: a PNG when a picture was uploaded, else SVG initials. */
export function useAvatarPicture(email: string, size: number, enabled = true) {
  const version = useAvatarVersion();
  // While a forced page is owed (HTTP 412 lock) every other call answers 412: initials will do.
  const locked = useSession((s) => !!s.lock);
  const path = avatarPath(email, Math.min(256, Math.max(16, Math.round(size))), version);
  return useQuery({
    queryKey: ['avatar', path],
    queryFn: ({ signal }) => apiRequest<Blob>(path, { responseType: 'blob', signal }),
    enabled: !!email && enabled && !locked,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Whether the answer is an uploaded picture rather than the generated initials. */
export const isUploadedPicture = (blob: Blob | undefined) =>
  !!blob && blob.type.startsWith('image/') && !blob.type.includes('svg');

/**
 * The user's picture from GET /api/avatar/<sha256 of the e-mail> (the server answers with the
 * uploaded picture or with generated initials). Initials show while it loads or when it fails.
 */
export function UserAvatar({ firstname, lastname, email, size, previewUrl, alt }: UserAvatarProps) {
  const picture = useAvatarPicture(email, size * 2, !previewUrl);
  const url = useObjectUrl(picture.data);
  const src = previewUrl ?? url;
  return (
    <Avatar
      src={src}
      alt={alt ?? ''}
      aria-hidden={alt ? undefined : true}
      data-avatar={src ? 'picture' : 'initials'}
      sx={{ width: size, height: size, fontSize: Math.round(size * 0.4), fontWeight: 700, bgcolor: 'secondary.main' }}
    >
      {initials(firstname, lastname, email)}
    </Avatar>
  );
}
