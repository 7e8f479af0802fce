import * as Popover from '@radix-ui/react-popover';
import { Globe, Info, UserRound, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Author } from './use-author';

/**
 * A name or headline in its own direction (so a Latin name in Arabic loses its end, not its start,
 * to the ellipsis) but placed on the page's side.
 */
export const NAME_ALIGN = '[text-align:match-parent]';

/** The profile picture, or the default picture when there is none or it fails to load. */
export function Avatar({
  picture,
  name,
  className = 'size-12',
  testId = 'composer-avatar',
}: {
  picture: string | null;
  name: string;
  className?: string;
  /** The picture's test id; `-default` is added for the default picture. */
  testId?: string;
}) {
  const { t } = useTranslation('composer');
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return (
      <img
        src={picture}
        alt={t('author.pictureAlt', { name })}
        onError={() => setFailed(picture)}
        className={`${className} shrink-0 rounded-full object-cover ring-2 ring-white`}
        data-testid={testId}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('author.defaultPicture')}
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-brand-200 text-brand-700 ring-2 ring-white`}
      data-testid={`${testId}-default`}
    >
      <UserRound aria-hidden="true" className="size-1/2" />
    </span>
  );
}

/** Spec section 2: picture, full name (or 'User') and the Public label; plus who wrote the draft. */
export function AuthorHeader({ author, offline }: { author: Author; offline: boolean }) {
  const { t } = useTranslation('composer');
  const name = author.name ?? t('author.defaultName');
  return (
    <div className="flex items-center gap-3">
      <Avatar picture={author.picture} name={name} />
      <div className="min-w-0 flex-1">
        <p dir="auto" className={`truncate font-semibold text-ink ${NAME_ALIGN}`} data-testid="composer-author">
          {name}
        </p>
        <p
          className="mt-0.5 inline-flex items-center gap-1 rounded-full border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600"
          title={t('author.publicHint')}
        >
          <Globe aria-hidden="true" className="size-3.5" />
          {t('author.public')}
        </p>
      </div>
      {offline && <OfflineBadge />}
    </div>
  );
}

/** Says plainly that the built-in offline writer, not an AI model, wrote the draft. */
export function OfflineBadge() {
  const { t } = useTranslation('composer');
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 hover:bg-amber-100"
        title={t('offline.explain')}
        data-testid="offline-badge"
      >
        <WifiOff aria-hidden="true" className="size-3.5" />
        {t('offline.badge')}
        <Info aria-hidden="true" className="size-3.5 opacity-70" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-[70] max-w-xs rounded-xl border border-slate-200 bg-white p-4 text-sm leading-6 text-slate-700 shadow-xl"
        >
          <p className="font-semibold text-ink">{t('offline.title')}</p>
          <p className="mt-1">{t('offline.explain')}</p>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
