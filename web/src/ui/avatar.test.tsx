// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf, safeImageUrl } from './avatar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

  it('shows the initials instead of a picture that does not load (an expired address), and a new picture again', () => {
    const box = document.createElement('div');
    const root = createRoot(box);
    act(() => root.render(<Avatar src="https://media.example/expired.jpg" name="Sara Ali" />));
    const image = box.querySelector('img');
    expect(image).not.toBeNull();
    act(() => void image?.dispatchEvent(new Event('error')));
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe('SA');
    act(() => root.render(<Avatar src="https://media.example/new.jpg" name="Sara Ali" />));
    expect(box.querySelector('img')?.getAttribute('src')).toBe('https://media.example/new.jpg');
    act(() => root.unmount());
  });

  it('takes the first letters of the first two words, Arabic ones too', () => {
    expect(initialsOf('  sara   ali hassan ')).toBe('SA');
    expect(initialsOf('سارة علي')).toBe('سع');
    expect(initialsOf('')).toBe('');
    expect(safeImageUrl('/content/media/1.png')).toBe('/content/media/1.png');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });
});
