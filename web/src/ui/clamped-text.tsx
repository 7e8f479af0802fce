import { type CSSProperties, type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { longestPreview } from '../lib/preview-text';

interface ClampedTextProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  text: string;
  /** The most lines the preview takes; a longer text is cut to fit them. */
  lines: number;
}

/** How far outside the viewport a preview is cut ahead of being scrolled to. */
const NEAR_VIEWPORT = '50% 0px';

/**
 * A text cut to `lines` lines with one ellipsis at a word's end (see preview-text). CSS
 * line-clamp cuts anywhere and puts its '…' after whatever is there, '...' or a full stop
 * included; here the cut is measured on an invisible copy of the paragraph, at its real width
 * and font, again whenever that width changes or a web font finishes loading. The whole text
 * stays in `title`.
 *
 * Measuring takes a few layouts, so it is done only once the paragraph nears the viewport: a
 * long screen (the dashboard's posts) does not pay for previews nobody has scrolled to, and the
 * app taking over a screen rendered by the server stays short. Until then CSS line-clamp holds the
 * same number of lines, so nothing moves when the word cut replaces it.
 */
export function ClampedText({ text, lines, className = '', style, ...rest }: ClampedTextProps) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  // The cut measured for this text, these lines and this language; any other shows the whole text
  // (clamped by CSS) until it is measured.
  const measuring = `${lines}:${i18n.language}:${text}`;
  const [cut, setCut] = useState<{ of: string; shown: string }>();
  const shown = cut?.of === measuring ? cut.shown : text;

  useEffect(() => {
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
        // The copy shows its whole text: the clamp below would make everything seem to fit.
        display: 'block',
        overflow: 'visible',
        webkitLineClamp: 'none',
      });
      element.parentElement?.appendChild(copy);
      const lineHeight = Number.parseFloat(getComputedStyle(copy).lineHeight) || 24;
      const room = lineHeight * lines + 1;
      const fits = (candidate: string) => {
        copy.textContent = candidate;
        // The box, not scrollHeight: tall Arabic glyphs overhang their lines without adding one.
        return copy.offsetHeight <= room;
      };
      const preview = longestPreview(text, i18n.language, fits);
      copy.remove();
      // At once, in the same frame: what a reader (or a test) sees next is the word cut.
      flushSync(() => setCut({ of: measuring, shown: preview }));
    };
    let resizes: ResizeObserver | undefined;
    const start = () => {
      fit();
      resizes = new ResizeObserver(fit);
      resizes.observe(element);
    };
    const near =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              near?.disconnect();
              start();
            },
            { rootMargin: NEAR_VIEWPORT },
          );
    if (near) near.observe(element);
    else start();
    // A web font that arrives after the first measure changes the lines at the same width.
    const refit = () => {
      if (width === -1) return;
      width = -1;
      fit();
    };
    let active = true;
    document.fonts?.ready.then(() => active && refit());
    document.fonts?.addEventListener('loadingdone', refit);
    return () => {
      active = false;
      near?.disconnect();
      resizes?.disconnect();
      document.fonts?.removeEventListener('loadingdone', refit);
    };
  }, [text, lines, i18n.language, measuring]);

  const clamp: CSSProperties = {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: lines,
    overflow: 'hidden',
    ...style,
  };
  return (
    <p
      ref={ref}
      title={shown === text ? undefined : text}
      // Text with its own direction (dir="auto") keeps it paragraph by paragraph too.
      className={rest.dir === 'auto' ? `user-text ${className}` : className}
      style={clamp}
      {...rest}
    >
      {shown}
    </p>
  );
}
