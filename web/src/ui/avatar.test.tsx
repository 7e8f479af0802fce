import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf, safeImageUrl } from './avatar';

describe('Avatar', () => {
  it('shows a picture the browser can show safely', () => {
    const html = renderToStaticMarkup(<Avatar src="https://media.example/me.jpg" name="Sara Ali" />);
    expect(html).toContain('<img src="https://media.example/me.jpg"');
    expect(html).not.toContain('SA');
  });

  it('falls back to the initials for a missing or unsafe picture', () => {
    for (const src of [null, 'http://media.example/me.jpg', 'javascript:alert(1)', '//elsewhere.example/me.jpg']) {
      const html = renderToStaticMarkup(<Avatar src={src} name="Sara Ali" className="size-8" />);
      expect(html).not.toContain('<img');
      expect(html).toContain('>SA</span>');
      expect(html).toContain('size-8');
    }
  });

  it('takes the first letters of the first two words, Arabic ones too', () => {
    expect(initialsOf('  sara   ali hassan ')).toBe('SA');
    expect(initialsOf('سارة علي')).toBe('سع');
    expect(initialsOf('')).toBe('');
    expect(safeImageUrl('/content/media/1.png')).toBe('/content/media/1.png');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
