import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ClampedText } from '../ui/clamped-text';

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
