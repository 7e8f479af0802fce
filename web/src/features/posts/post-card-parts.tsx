import { type AttachedMedia, isDocumentType } from '@nashr/contracts';
import { Building2, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAddedPages } from '../../lib/api/linkedin';
import { thumbnailUrl } from '../../lib/api/media';
import { formatNumber } from '../../lib/format';
import { ClampedText } from '../../ui/clamped-text';
import { DocumentSummary } from '../post-editor';

/** The post on LinkedIn, opened in a new tab; the arrow points outward in both reading directions. */
export function LinkedInLink({ href, className = '' }: { href: string; className?: string }) {
  const { t } = useTranslation('posts');
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={t('card.viewOnLinkedIn')}
      title={t('card.viewOnLinkedIn')}
      className={`rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink ${className}`}
    >
      <ExternalLink aria-hidden="true" className="size-4.5 rtl:-scale-x-100" />
    </a>
  );
}

/** A post's text as written, cut after a few `lines` so long posts keep the list short. */
export function PostText({ text, lines }: { text: string; lines: number }) {
  return (
    <ClampedText
      text={text}
      lines={lines}
      dir="auto"
      className="mt-4 whitespace-pre-line break-words text-[0.95rem] leading-relaxed text-slate-800"
      data-testid="post-content"
    />
  );
}

/** A card's images as a strip of thumbnails in the post's order: four at most, then how many more. */
export function PostImages({ urls }: { urls: string[] }) {
  const { t, i18n } = useTranslation('composer');
  if (!urls.length) return null;
  const shown = urls.slice(0, 4);
  const more = urls.length - shown.length;
  return (
    <ul className="mt-3 flex gap-1.5" aria-label={t('media.listLabel')} data-testid="post-images">
      {shown.map((url, index) => (
        <li key={url} className="relative">
          <img
            src={url}
            alt={t('media.imageAlt', { n: formatNumber(index + 1, i18n.language) })}
            loading="lazy"
            className="size-16 rounded-lg border border-slate-200 bg-slate-100 object-cover"
            data-testid="post-image"
          />
          {more > 0 && index === shown.length - 1 && (
            <span className="absolute inset-0 flex items-center justify-center rounded-lg bg-black/50 text-sm font-semibold text-white">
              +{formatNumber(more, i18n.language)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A card's files: its document as a summary, or its images as thumbnails. */
export function PostAttachments({ media }: { media: AttachedMedia[] }) {
  const document = media.find((item) => isDocumentType(item.contentType));
  if (document) {
    return (
      <div className="mt-3">
        <DocumentSummary document={document} />
      </div>
    );
  }
  return <PostImages urls={media.map((m) => thumbnailUrl(m.id))} />;
}

/** The company page a post or draft goes out as, when it is one of the pages added on the profile. */
export function PageBadge({ identity }: { identity: string | null }) {
  const { t } = useTranslation('posts');
  const pages = useAddedPages();
  const page = identity ? pages.find((candidate) => candidate.identity === identity) : undefined;
  if (!page) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800"
      data-testid="page-badge"
    >
      <Building2 aria-hidden="true" className="size-3.5" />
      <bdi>{t('card.asPage', { name: page.name })}</bdi>
    </span>
  );
}
