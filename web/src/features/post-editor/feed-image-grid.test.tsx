import type { AttachedMedia } from '@nashr/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FeedImageGrid } from './feed-preview';

const images = (n: number): AttachedMedia[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    contentType: 'image/png',
    width: 800,
    height: 600,
  }));

const shown = (html: string) => html.match(/data-testid="preview-image"/g)?.length ?? 0;
const layoutOf = (html: string) => /data-layout="([^"]+)"/.exec(html)?.[1];

describe('the feed image grid', () => {
  it('shows nothing without images', () => {
    expect(renderToStaticMarkup(<FeedImageGrid media={[]} />)).toBe('');
  });

  it('lays out 1, 2, 3 and 4 images as the feed does, every one shown', () => {
    for (const n of [1, 2, 3, 4]) {
      const html = renderToStaticMarkup(<FeedImageGrid media={images(n)} />);
      expect(layoutOf(html)).toBe(String(n));
      expect(shown(html)).toBe(n);
      expect(html).not.toContain('preview-more-images');
    }
    // One image alone keeps its own shape and is shown whole, not as a thumbnail.
    const one = renderToStaticMarkup(<FeedImageGrid media={images(1)} />);
    expect(one).toContain('aspect-ratio:800 / 600');
    expect(one).toContain('/api/v1/media/00000000-0000-4000-8000-000000000000"');
  });

  it('shows five cells for five and more, the last one saying how many more', () => {
    const five = renderToStaticMarkup(<FeedImageGrid media={images(5)} />);
    expect(layoutOf(five)).toBe('five');
    expect(shown(five)).toBe(5);
    expect(five).not.toContain('preview-more-images');
    const nine = renderToStaticMarkup(<FeedImageGrid media={images(9)} />);
    expect(shown(nine)).toBe(5);
    expect(nine).toMatch(/data-testid="preview-more-images">\+4</);
  });
});
