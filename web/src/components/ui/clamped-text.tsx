import { type HTMLAttributes, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longestPreview } from '../../lib/preview-text';

interface ClampedTextProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  text: string;
  /** The most lines the preview takes; a longer text is cut to fit them. */
  lines: number;
}

/**
 * A text cut to `lines` lines with one ellipsis at a word's end (see preview-text). CSS
 * line-clamp cuts anywhere and puts its '…' after whatever is there, '...' or a full stop
 * included; here the cut is measured on an invisible copy of the paragraph, at its real width
 * and font, again whenever that width changes or a web font finishes loading. The whole text
 * stays in `title`.
 */
export function ClampedText({ text, lines, className = '', ...rest }: ClampedTextProps) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [shown, setShown] = useState(text);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let width = -1;
    const fit = () => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      const copy = element.cloneNode(false) as HTMLParagraphElement;
      copy.removeAttribute('data-testid');
      copy.setAttribute('aria-hidden', 'true');
      Object.assign(copy.style, {
        position: 'absolute',
        visibility: 'hidden',
        insetInlineStart: '0',
        top: '0',
        width: `${width}px`,
        maxHeight: 'none',
      });
      element.parentElement?.appendChild(copy);
      const lineHeight = Number.parseFloat(getComputedStyle(copy).lineHeight) || 24;
      const room = lineHeight * lines + 1;
      const fits = (candidate: string) => {
        copy.textContent = candidate;
        // The box, not scrollHeight: tall Arabic glyphs overhang their lines without adding one.
        return copy.offsetHeight <= room;
      };
      setShown(longestPreview(text, i18n.language, fits));
      copy.remove();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    // A web font that arrives after the first measure changes the lines at the same width.
    const refit = () => {
      width = -1;
      fit();
    };
    let active = true;
    document.fonts?.ready.then(() => active && refit());
    document.fonts?.addEventListener('loadingdone', refit);
    return () => {
      active = false;
      observer.disconnect();
      document.fonts?.removeEventListener('loadingdone', refit);
    };
  }, [text, lines, i18n.language]);

  return (
    <p
      ref={ref}
      title={shown === text ? undefined : text}
      // Text with its own direction (dir="auto") keeps it paragraph by paragraph too.
      className={rest.dir === 'auto' ? `user-text ${className}` : className}
      {...rest}
    >
      {shown}
    </p>
  );
}
