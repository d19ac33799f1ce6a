import { createStore, useStore } from './create-store';

export interface UploadProgress {
  id: number;
  fileName: string;
  /** 0…1 */
  progress: number;
}

/** Running uploads, shown by the toolbar's upload indicator and the attachment panel. */
export const uploadStore = createStore<{ uploads: readonly UploadProgress[] }>({ uploads: [] });

let nextId = 1;

/** Registers an upload; returns a progress callback and a function that ends it. */
export function trackUpload(fileName: string): { progress: (fraction: number) => void; done: () => void } {
  const id = nextId++;
  uploadStore.setState((s) => ({ uploads: [...s.uploads, { id, fileName, progress: 0 }] }));
  return {
    progress: (fraction) =>
      uploadStore.setState((s) => ({ uploads: s.uploads.map((u) => (u.id === id ? { ...u, progress: fraction } : u)) })),
    done: () => uploadStore.setState((s) => ({ uploads: s.uploads.filter((u) => u.id !== id) })),
  };
}

export function useUploads(): readonly UploadProgress[] {
  return useStore(uploadStore, (s) => s.uploads);
}

/** Overall progress of several uploads, 0…1. */
export function totalProgress(uploads: readonly UploadProgress[]): number {
  if (uploads.length === 0) return 0;
  return uploads.reduce((sum, u) => sum + u.progress, 0) / uploads.length;
}
