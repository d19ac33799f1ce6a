import { ATTACHMENT_MAX_BYTES } from '@pc/shared';
import { describe, expect, it } from 'vitest';
import { checkFile, isPreviewable } from './attachment-rules';

describe('attachment checks before upload', () => {
  it('refuse empty, too large and unknown files', () => {
    expect(checkFile({ size: 10, type: 'application/pdf' })).toBeNull();
    expect(checkFile({ size: 0, type: 'application/pdf' })).toBe('fileEmpty');
    expect(checkFile({ size: ATTACHMENT_MAX_BYTES + 1, type: 'application/pdf' })).toBe('tooLarge');
    expect(checkFile({ size: ATTACHMENT_MAX_BYTES, type: 'image/png' })).toBeNull();
    expect(checkFile({ size: 10, type: 'application/x-msdownload' })).toBe('fileType');
    expect(checkFile({ size: 10, type: '' })).toBe('fileType');
  });

  it('preview only png, jpeg and gif', () => {
    expect(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'application/pdf'].map(isPreviewable)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
