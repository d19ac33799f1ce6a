import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, imageFileError } from './image-file';

describe('imageFileError', () => {
  it('takes PNG, JPEG and GIF up to 5 MB, whatever the case of the type', () => {
    expect(imageFileError({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageFileError({ type: 'image/jpeg', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileError({ type: 'image/GIF', size: 1 })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(imageFileError({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageFileError({ type: '', size: 10 })).toBe('type');
    expect(imageFileError({ type: 'image/png', size: 0 })).toBe('empty');
    expect(imageFileError({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
  });
});
