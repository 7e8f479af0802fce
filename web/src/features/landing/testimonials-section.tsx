import { Quote } from 'lucide-react';
import { useContentBlock } from '../../lib/api/content';
import { Skeleton } from '../../ui/skeleton';
import { BlockView } from './block-view';
import { readableTextOn } from './readable-text';
import { SectionHeading } from './section-heading';
import { containerClass } from './ui';

function TestimonialsSkeleton() {
  return (
    <div className="space-y-14">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <Skeleton className="h-6 w-28 rounded-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-72 rounded-3xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * What real people said, as the admins wrote it. None ship with the product: until an admin adds
 * one the section is not shown at all, and no card gives a rating nobody gave.
 */
export function TestimonialsSection() {
  const query = useContentBlock('testimonials');
  if (query.data?.testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="pb-8 pt-20 sm:pb-12 sm:pt-28">
      <div className={containerClass}>
        <BlockView query={query} skeleton={<TestimonialsSkeleton />}>
          {({ heading, testimonials }) => (
            <>
              <SectionHeading id="testimonials-title" badge={heading.badge} title={heading.title} />
              <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {testimonials.map((item, index) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                    key={`${item.name}-${index}`}
                    data-testid="testimonial"
                    className={`flex flex-col rounded-3xl border border-slate-200 bg-white p-7 shadow-sm transition hover:shadow-lg hover:shadow-slate-900/5 ${
                      item.isFullWidth ? 'md:col-span-full' : ''
                    }`}
                  >
                    <Quote aria-hidden="true" className="size-8 text-brand-100 rtl:-scale-x-100" />
                    <blockquote className="mt-5 flex-1 text-pretty leading-relaxed text-slate-700">
                      {item.description}
                    </blockquote>
                    <div className="mt-7 flex items-center gap-4 border-t border-slate-100 pt-6">
                      {item.image ? (
                        <img
                          src={item.image}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                          className="size-14 shrink-0 rounded-full object-cover ring-2 ring-white"
                        />
                      ) : (
                        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700">
                          {item.name.slice(0, 1)}
                        </span>
                      )}
                      <div className="min-w-0">
                        <p className="font-semibold text-ink">{item.name}</p>
                        <ul className="mt-1.5 flex flex-wrap gap-1.5">
                          {item.badges.map((badge, badgeIndex) => (
                            <li
                              // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                              key={`${badge.text}-${badgeIndex}`}
                              className="rounded-full px-2.5 py-0.5 text-xs font-medium"
                              style={{
                                backgroundColor: badge.background || '#f1f5f9',
                                color: readableTextOn(badge.background || '#f1f5f9'),
                              }}
                            >
                              {badge.text}
                            </li>
                          ))}
                        </ul>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </BlockView>
      </div>
    </section>
  );
}
