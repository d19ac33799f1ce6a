import { type ChangeEvent, useEffect, useState } from 'react';

/** What the server takes for a picture (avatar, company logo): PNG, JPEG or GIF up to 5 MB. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The `accept` of a file input for such a picture. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export type ImageFileProblem = 'type' | 'size' | 'empty';

/** What is wrong with a chosen picture (an i18n key of the screen's `error` group), or null. */
export function imageFileError(file: { type: string; size: number }): ImageFileProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** An object URL for a blob, released when the blob changes or the component unmounts. */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/**
 * A picture chosen in a file input, shown before it is saved: the file and its preview. A file
 * the server would refuse is not taken; `onChoice` hears what is wrong with it (null: nothing).
 */
export function useImageFile(onChoice: (problem: ImageFileProblem | null) => void) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file) ?? null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Emptied, so choosing the same file again is a change too.
    event.target.value = '';
    if (!chosen) return;
    const problem = imageFileError(chosen);
    onChoice(problem);
    setFile(problem ? null : chosen);
  };
  return { file, preview, choose, discard: () => setFile(null) };
}
