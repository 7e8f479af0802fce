import type { SignupPanelBlock } from '@nashr/contracts';
import { Quote, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuthClientConfig } from '../../lib/api/auth';
import { useContentBlock } from '../../lib/api/content';
import { ContentIcon } from '../../ui/content-icon';

const placeholder = 'animate-pulse rounded-lg bg-white/15';

/**
 * The side panel of /signup: the admins' words (the `signup` content block, edited beside the
 * landing page's sections). It names no one and counts nothing the product did not count: quotes
 * appear only when an admin wrote them, and the number of members only when the admins chose to
 * show it and the auth service counted enough accounts (`memberCount`, null below its threshold).
 * While the block loads, or when the content service cannot answer, the badge and headline come
 * from the interface's own words, with no list.
 */
export function SignupPanel() {
  const { t } = useTranslation('auth');
  const block = useContentBlock('signup');
  const panel = block.data;
  return (
    <aside
      aria-labelledby="signup-panel-title"
      data-testid="signup-panel"
      className="relative overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 px-5 py-12 text-white sm:px-10 lg:flex lg:min-h-dvh lg:flex-col lg:justify-center lg:px-14 lg:py-24"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -end-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -start-20 size-80 rounded-full bg-brand-400/20 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-md">
        {(panel ? panel.badge : t('signup.panel.badge')) && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {panel ? panel.badge : t('signup.panel.badge')}
          </span>
        )}
        <h2 id="signup-panel-title" className="mt-4 text-2xl font-bold leading-snug sm:text-3xl">
          {panel ? panel.headline : t('signup.panel.headline')}
        </h2>
        {panel ? (
          <PanelBody panel={panel} />
        ) : (
          block.isPending && (
            <div aria-hidden="true" className="mt-10 space-y-3">
              {[0, 1, 2, 3].map((n) => (
                <div key={n} className={`h-12 ${placeholder}`} />
              ))}
            </div>
          )
        )}
      </div>
    </aside>
  );
}

function PanelBody({ panel }: { panel: SignupPanelBlock }) {
  const { t } = useTranslation('auth');
  return (
    <>
      {panel.benefits.length > 0 && (
        <>
          <h3 className="sr-only">{t('signup.panel.benefitsTitle')}</h3>
          <ul className="mt-10 space-y-2.5" data-testid="signup-benefits">
            {panel.benefits.map((benefit, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                key={index}
                className="flex items-center gap-3 rounded-2xl bg-white/10 px-4 py-3 ring-1 ring-white/15 backdrop-blur"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/15">
                  <ContentIcon name={benefit.icon} className="size-5" />
                </span>
                <p className="min-w-0 flex-1 text-sm font-medium leading-6 sm:text-base">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {panel.quotes.length > 0 && (
        <>
          <h3 className="mt-10 text-sm font-semibold uppercase tracking-wider text-white/70">
            {t('signup.panel.quotesTitle')}
          </h3>
          <ul className="mt-4 space-y-3" data-testid="signup-quotes">
            {panel.quotes.map((quote, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
              <li key={index}>
                <figure className="rounded-2xl bg-white/10 px-4 py-4 ring-1 ring-white/15 backdrop-blur">
                  <Quote aria-hidden="true" className="size-5 text-white/50 rtl:-scale-x-100" />
                  <blockquote className="mt-2 text-pretty leading-relaxed">{quote.quote}</blockquote>
                  <figcaption className="mt-3 flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="grid size-9 shrink-0 place-items-center rounded-full bg-white/20 text-sm font-semibold"
                    >
                      {quote.name.trim().charAt(0)}
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{quote.name}</span>
                      {quote.role && <span className="block truncate text-sm text-white/70">{quote.role}</span>}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
      {panel.showMemberCount && <MemberCount />}
    </>
  );
}

/** How many people have an account, as the auth service counted and rounded it; nothing below its threshold. */
function MemberCount() {
  const { t } = useTranslation('auth');
  const count = useAuthClientConfig().data?.memberCount ?? null;
  if (count === null) return null;
  return (
    <p className="mt-8 flex items-center gap-2.5 text-sm font-medium text-white/90" data-testid="member-count">
      <Users aria-hidden="true" className="size-5 shrink-0" />
      {t('signup.panel.members', { count })}
    </p>
  );
}
