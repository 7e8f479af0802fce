import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { LEGAL_CHROME } from './chrome';
import { lastUpdatedIso } from './facts';
import { formatLastUpdated, legalFormat } from './format';
import type { LegalBlock, LegalDocument, LegalFormat, LegalPageId, LegalSection } from './types';

type AnyLegalDocument<Id extends string> = LegalDocument<Id, LegalSection & { kept?: string }>;

export interface LegalPageProps<Id extends string> {
  page: LegalPageId;
  /** The sections in page order; both languages have each of them. */
  order: readonly Id[];
  texts: Record<Language, (format: LegalFormat) => AnyLegalDocument<Id>>;
}

/** The contact address, wherever a text names it, as a link (kept left-to-right inside Arabic). */
function withContactLink(text: string, contact: string): ReactNode {
  const at = text.indexOf(contact);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={`mailto:${contact}`} dir="ltr" className="font-semibold text-brand-700 hover:underline">
        <bdi>{contact}</bdi>
      </a>
      {withContactLink(text.slice(at + contact.length), contact)}
    </>
  );
}

function Block({ block, contact }: { block: LegalBlock; contact: string }) {
  if (typeof block === 'string')
    return <p className="mt-3 leading-8 text-slate-700">{withContactLink(block, contact)}</p>;
  return (
    <ul className="mt-3 list-disc space-y-2 ps-6 leading-8 text-slate-700 marker:text-slate-400">
      {block.map((item) => (
        <li key={item}>{withContactLink(item, contact)}</li>
      ))}
    </ul>
  );
}

/**
 * /terms and /privacy: the text in the language shown, with a table of contents whose links are
 * the sections' anchors (the same in both languages), and the date it last changed.
 */
export function LegalPage<Id extends string>({ page, order, texts }: LegalPageProps<Id>) {
  const { i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'ar';
  const chrome = LEGAL_CHROME[lang];
  const format = legalFormat(lang);
  const doc = texts[lang](format);
  const [updatedBefore, updatedAfter] = chrome.lastUpdated.split('{date}');

  useEffect(() => {
    document.title = `${doc.title} · ${chrome.brand}`;
  }, [doc.title, chrome.brand]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-6 py-4">
          <Link to="/" aria-label={chrome.backHome} className="rounded-lg">
            <Logo />
          </Link>
          <LanguageToggle />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-10" data-testid={`legal-${page}`}>
        <h1 className="text-3xl font-bold text-ink">{doc.title}</h1>
        <p className="mt-2 text-sm text-slate-500" data-testid="legal-updated">
          {updatedBefore}
          <time dateTime={lastUpdatedIso()}>{formatLastUpdated(lang)}</time>
          {updatedAfter}
        </p>
        {doc.intro.map((paragraph) => (
          <p key={paragraph} className="mt-4 text-lg leading-8 text-slate-700">
            {paragraph}
          </p>
        ))}

        <nav
          aria-labelledby="legal-contents-title"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
          data-testid="legal-contents"
        >
          <h2 id="legal-contents-title" className="text-base font-semibold text-ink">
            {chrome.contents}
          </h2>
          <ol className="mt-3 gap-x-6 space-y-2 text-sm sm:columns-2">
            {order.map((id, index) => (
              <li key={id} className="flex break-inside-avoid gap-2">
                <span aria-hidden="true" className="min-w-5 shrink-0 text-slate-500 tabular-nums">
                  {format.number(index + 1)}.
                </span>
                <a href={`#${id}`} className="font-medium text-brand-700 hover:underline">
                  {doc.sections[id].heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {order.map((id) => {
          const section = doc.sections[id];
          return (
            <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-6">
              <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
                {section.heading}
              </h2>
              {section.blocks.map((block) => (
                <Block
                  key={typeof block === 'string' ? block : block.join('\n')}
                  block={block}
                  contact={format.contact}
                />
              ))}
              {section.kept && (
                <p
                  className="mt-4 rounded-xl border-s-4 border-brand-300 bg-white px-4 py-3 leading-7 text-slate-700"
                  data-testid="legal-kept"
                >
                  <strong className="font-semibold text-ink">{chrome.kept}</strong> {section.kept}
                </p>
              )}
            </section>
          );
        })}

        <div className="mt-12 flex flex-wrap gap-4 border-t border-slate-200 pt-6 text-sm">
          <Link to={page === 'terms' ? '/privacy' : '/terms'} className="font-medium text-brand-700 hover:underline">
            {chrome.otherPage[page]}
          </Link>
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            {chrome.backHome}
          </Link>
        </div>
      </main>
    </div>
  );
}
