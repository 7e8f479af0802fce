import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveOf, deletedPageOf } from './account-data-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Download my data' archive", () => {
  it('holds the JSON and, beside it, each uploaded file read through its media address', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const pdf = new TextEncoder().encode('%PDF-1.7 a document');
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(url.endsWith('a1') ? png : pdf, { status: 200 });
      }),
    );
    const data = {
      product: 'Nashr',
      posts: {
        uploads: [
          { id: 'a1', contentType: 'image/png' },
          { id: 'b2', contentType: 'application/pdf' },
        ],
      },
    };
    const files = unzipSync(await archiveOf(data, '2026-12-01'));
    expect(Object.keys(files).sort()).toEqual(['nashr-data-2026-12-01.json', 'uploads/a1.png', 'uploads/b2.pdf']);
    expect(JSON.parse(strFromU8(files['nashr-data-2026-12-01.json'] as Uint8Array))).toEqual(data);
    expect(files['uploads/a1.png']).toEqual(png);
    expect(files['uploads/b2.pdf']).toEqual(pdf);
    expect(fetched).toEqual(['/api/v1/media/a1', '/api/v1/media/b2']);
  });

  it('fails as the API error when a file cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, code: 'media.not_found', message: 'gone' }, { status: 404 })),
    );
    await expect(
      archiveOf({ posts: { uploads: [{ id: 'x', contentType: 'image/png' }] } }, '2026-12-01'),
    ).rejects.toMatchObject({
      status: 404,
      code: 'media.not_found',
    });
  });
});

describe('the page a deleted account lands on', () => {
  it("names the plan the server's answer says ended, and nothing else", () => {
    expect(deletedPageOf({ success: true, message: 'deleted', cancelledPlan: 'pro' })).toBe(
      '/account-deleted?plan=pro',
    );
    expect(deletedPageOf({ success: true, message: 'deleted', cancelledPlan: null })).toBe('/account-deleted');
    expect(deletedPageOf({ cancelledPlan: 'trial' })).toBe('/account-deleted');
    expect(deletedPageOf(null)).toBe('/account-deleted');
  });
});
