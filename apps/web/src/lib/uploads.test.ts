import { describe, expect, it } from 'vitest';
import { totalProgress, trackUpload, uploadStore } from './uploads';

describe('upload indicator state', () => {
  it('tracks running uploads and their overall progress', () => {
    const a = trackUpload('a.pdf');
    const b = trackUpload('b.png');
    a.progress(0.5);
    b.progress(1);
    expect(uploadStore.getState().uploads.map((u) => u.fileName)).toEqual(['a.pdf', 'b.png']);
    expect(totalProgress(uploadStore.getState().uploads)).toBe(0.75);
    a.done();
    b.done();
    expect(uploadStore.getState().uploads).toEqual([]);
    expect(totalProgress([])).toBe(0);
  });
});
