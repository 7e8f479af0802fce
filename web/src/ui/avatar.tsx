import { useCallback, useState } from 'react';

/** Initials of a name, for a picture-less avatar. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** Only pictures the browser can show safely: https, data: images and this site's own paths. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https:\/\//i.test(url) || /^data:image\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return null;
}

/**
 * The account's profile picture, or its initials on the brand colour: also when the picture does
 * not load (the network's picture addresses expire), never a broken image.
 */
export function Avatar({
  src,
  name,
  className = 'size-12',
}: {
  src?: string | null;
  name: string;
  className?: string;
}) {
  const image = safeImageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  // A picture that failed before the app took the server's page over fired its error unheard.
  const failedAlready = useCallback(
    (node: HTMLImageElement | null) => {
      if (node?.complete && node.naturalWidth === 0) setFailed(image);
    },
    [image],
  );
  if (image && failed !== image) {
    return (
      <img
        ref={failedAlready}
        src={image}
        alt=""
        onError={() => setFailed(image)}
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
