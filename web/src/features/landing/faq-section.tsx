import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useContentBlock } from '../../lib/api/content';
import { contactEmail } from '../../lib/contact-email';
import { Skeleton } from '../../ui/skeleton';
import { BlockView } from './block-view';
import { SectionHeading } from './section-heading';
import { SECTION_IDS } from './sections';
import { containerClass } from './ui';

function FaqSkeleton() {
  return (
    <div className="grid gap-12 lg:grid-cols-[2fr_3fr]">
      <div className="space-y-4">
        <Skeleton className="h-6 w-16 rounded-full" />
        <Skeleton className="h-10 w-4/5" />
        <Skeleton className="h-4 w-full" />
      </div>
      <div className="space-y-3">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} className="h-16 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

/** One question open at a time; the first starts open; pressing the open one closes it. */
export function FaqSection() {
  const { t } = useTranslation('landing');
  const query = useContentBlock('faq');
  return (
    <section
      id={SECTION_IDS.faq}
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="scroll-mt-16 pb-20 pt-12 focus:outline-none sm:pb-28 sm:pt-16"
    >
      <div className={containerClass}>
        <BlockView query={query} skeleton={<FaqSkeleton />}>
          {({ heading, faqs }) => (
            <div className="grid gap-12 lg:grid-cols-[2fr_3fr]">
              <div className="lg:sticky lg:top-24 lg:self-start">
                <SectionHeading
                  id="faq-title"
                  align="start"
                  badge={heading.badge}
                  title={heading.title}
                  description={heading.description}
                />
                <a
                  href={`mailto:${contactEmail()}`}
                  className="mt-6 inline-flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {t('faq.contactCta')}
                </a>
              </div>
              <Accordion.Root
                type="single"
                collapsible
                defaultValue={faqs.length ? 'faq-0' : undefined}
                className="space-y-3"
                data-testid="faq"
              >
                {faqs.map((faq, index) => (
                  <Accordion.Item
                    // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                    key={index}
                    value={`faq-${index}`}
                    className="rounded-2xl border border-slate-200 bg-white transition data-[state=open]:border-brand-200 data-[state=open]:bg-brand-50/40 data-[state=open]:shadow-sm"
                  >
                    <Accordion.Header asChild>
                      <h3>
                        <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-start font-semibold text-ink sm:px-6 sm:py-5">
                          {faq.question}
                          <ChevronDown
                            aria-hidden="true"
                            className="size-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:text-brand-600"
                          />
                        </Accordion.Trigger>
                      </h3>
                    </Accordion.Header>
                    <Accordion.Content className="overflow-hidden px-5 pb-5 text-pretty leading-relaxed text-slate-600 sm:px-6">
                      {faq.answer}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </div>
          )}
        </BlockView>
      </div>
    </section>
  );
}
