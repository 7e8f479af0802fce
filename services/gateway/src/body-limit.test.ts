import { CONTENT_SAVE_BODY_LIMIT, DEFAULT_BODY_LIMIT, MAX_UPLOAD_BYTES } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { bodyLimitFor } from './body-limit.js';

describe('the body limit of each route', () => {
  it('lets an upload through up to 20 MB, and nothing else beyond its own limit', () => {
    expect(bodyLimitFor('/api/v1/media')).toBe(MAX_UPLOAD_BYTES);
    expect(bodyLimitFor('/api/v1/media?kind=image')).toBe(MAX_UPLOAD_BYTES);
    // Reading an image back, or any other route under it, keeps the default.
    expect(bodyLimitFor('/api/v1/media/0b6f6c1e-3f0b-4f4e-9d9a-1c1e7e0f2a10')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/v1/media-other')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/api/v1/drafts')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/content/hero/save_content/')).toBe(CONTENT_SAVE_BODY_LIMIT);
  });
});
