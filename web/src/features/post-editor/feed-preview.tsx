import { type AttachedMedia, isDocumentType } from '@nashr/contracts';
import { Globe, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, thumbnailUrl } from '../../lib/api/media';
import { formatNumber } from '../../lib/format';
import { Avatar, NAME_ALIGN } from './author-header';
import { DocumentCarousel } from './document-attachment';
import { foldPost, piecesOf } from './feed-fold';
import { useAuthor } from './use-author';

function PostText({ text }: { text: string }) {
  return (
    <>
      {piecesOf(text).map((piece, i) =>
        piece.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
          <span key={i}>{piece.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i} className="font-semibold text-[#0a66c2]" data-testid={`preview-${piece.kind}`}>
            {piece.text}
          </span>
        ),
      )}
    </>
  );
}

/**
 * The images as the feed lays them out: one alone at its own shape; two side by side; three and
 * four as one large above the rest; five and more as two above three, the last saying how many
 * more there are.
 */
export function FeedImageGrid({ media }: { media: AttachedMedia[] }) {
  const { t, i18n } = useTranslation('composer');
  if (!media.length) return null;
  const count = media.length;
  const shown = media.slice(0, 5);
  const hidden = count - shown.length;
  const alt = (index: number) => t('media.imageAlt', { n: formatNumber(index + 1, i18n.language) });
  const layout = count >= 5 ? 'five' : String(count);
  const first = media[0];
  if (count === 1 && first) {
    return (
      <div className="-mx-4 mt-3" data-testid="preview-images" data-layout="1">
        <img
          src={mediaUrl(first.id)}
          alt={alt(0)}
          className="max-h-[32rem] w-full bg-slate-100 object-contain"
          style={{ aspectRatio: `${first.width} / ${first.height}` }}
          data-testid="preview-image"
        />
      </div>
    );
  }
  // Cells of a 6-column grid: [columns each image spans].
  const spans: Record<string, number[]> = {
    '2': [3, 3],
    '3': [6, 3, 3],
    '4': [6, 2, 2, 2],
    five: [3, 3, 2, 2, 2],
  };
  const cells = spans[layout] ?? [];
  return (
    <div className="-mx-4 mt-3 grid grid-cols-6 gap-0.5" data-testid="preview-images" data-layout={layout}>
      {shown.map((item, index) => (
        <div
          key={item.id}
          className={`relative ${index === 0 && (count === 3 || count === 4) ? 'aspect-[16/9]' : 'aspect-square'}`}
          style={{ gridColumn: `span ${cells[index] ?? 2} / span ${cells[index] ?? 2}` }}
        >
          <img
            src={thumbnailUrl(item.id)}
            alt={alt(index)}
            className="size-full bg-slate-100 object-cover"
            data-testid="preview-image"
          />
          {hidden > 0 && index === shown.length - 1 && (
            <span
              className="absolute inset-0 flex items-center justify-center bg-black/50 text-2xl font-semibold text-white"
              data-testid="preview-more-images"
            >
              +{formatNumber(hidden, i18n.language)}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The post as the network's feed will show it: the author's picture, name and headline, the text
 * with its line breaks, hashtags and links in the link colour, folded at "…see more" as the feed
 * folds it, in the text's own direction. Desktop or phone width.
 */
export function FeedPreview({
  text,
  firstComment = '',
  media = [],
  headingLevel = 3,
}: {
  text: string;
  firstComment?: string;
  media?: AttachedMedia[];
  /** Its title's level: 2 where it sits right under the page's (or dialog's) own title. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('composer');
  const author = useAuthor();
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [expanded, setExpanded] = useState(false);
  const name = author.name ?? t('author.defaultName');
  const { shown, folded } = foldPost(text);
  const body = expanded ? text.trimEnd() : shown;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const toggleClass = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold ${
      active ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink'
    }`;

  return (
    <section aria-label={t('preview.title')} data-testid="feed-preview" data-device={device}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Heading className="text-sm font-semibold text-slate-700">{t('preview.title')}</Heading>
        <fieldset className="flex gap-1 rounded-xl bg-slate-100 p-1">
          <legend className="sr-only">{t('preview.device')}</legend>
          <button
            type="button"
            aria-pressed={device === 'desktop'}
            className={toggleClass(device === 'desktop')}
            onClick={() => setDevice('desktop')}
            data-testid="preview-desktop"
          >
            <Monitor aria-hidden="true" className="size-3.5" />
            {t('preview.desktop')}
          </button>
          <button
            type="button"
            aria-pressed={device === 'phone'}
            className={toggleClass(device === 'phone')}
            onClick={() => setDevice('phone')}
            data-testid="preview-phone"
          >
            <Smartphone aria-hidden="true" className="size-3.5" />
            {t('preview.phone')}
          </button>
        </fieldset>
      </div>
      <article
        className={`mx-auto rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${
          device === 'phone' ? 'max-w-[22.5rem]' : 'max-w-[34.7rem]'
        }`}
      >
        <header className="flex items-start gap-2.5">
          <Avatar picture={author.picture} name={name} className="size-11" testId="preview-avatar" />
          <div className="min-w-0">
            <p
              dir="auto"
              className={`truncate text-sm font-semibold text-ink ${NAME_ALIGN}`}
              data-testid="preview-name"
            >
              {name}
            </p>
            {author.headline && (
              <p dir="auto" className={`truncate text-xs text-slate-500 ${NAME_ALIGN}`} data-testid="preview-headline">
                {author.headline}
              </p>
            )}
            <p className="flex items-center gap-1 text-xs text-slate-500">
              {t('preview.now')} · <Globe aria-hidden="true" className="size-3" />
            </p>
          </div>
        </header>
        {text.trim() ? (
          <p
            dir="auto"
            className="mt-3 whitespace-pre-wrap break-words text-sm leading-6 text-slate-800"
            data-testid="preview-text"
            data-folded={folded && !expanded}
          >
            <PostText text={body} />
            {folded && !expanded && (
              <>
                {'… '}
                <button
                  type="button"
                  className="font-semibold text-slate-500 hover:text-[#0a66c2] hover:underline"
                  onClick={() => setExpanded(true)}
                  data-testid="preview-see-more"
                >
                  {t('preview.seeMore')}
                </button>
              </>
            )}
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-500">{t('preview.empty')}</p>
        )}
        <FeedMedia media={media} />
        {firstComment.trim() && (
          <div className="mt-3 border-t border-slate-100 pt-3" data-testid="preview-first-comment">
            <p className="text-xs font-semibold text-slate-500">{t('preview.firstComment')}</p>
            <p dir="auto" className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <PostText text={firstComment.trim()} />
            </p>
          </div>
        )}
      </article>
    </section>
  );
}

/** The post's files as the feed shows them: its document as a carousel, or its images in the grid. */
function FeedMedia({ media }: { media: AttachedMedia[] }) {
  const document = media.find((item) => isDocumentType(item.contentType));
  if (!document) return <FeedImageGrid media={media} />;
  return (
    <DocumentCarousel
      url={mediaUrl(document.id)}
      title={document.title ?? ''}
      pageCount={document.pageCount}
      thumbnail={thumbnailUrl(document.id)}
    />
  );
}
