import { useContentBlock } from '../../lib/api/content';
import { Skeleton } from '../../ui/skeleton';
import { BlockView } from './block-view';
import { SectionHeading } from './section-heading';
import { containerClass } from './ui';

function WhyChooseSkeleton() {
  return (
    <div className="space-y-10">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-4">
        <Skeleton className="h-6 w-24 rounded-full bg-white/20" />
        <Skeleton className="h-10 w-full bg-white/20" />
        <Skeleton className="h-4 w-4/5 bg-white/20" />
      </div>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-32 rounded-2xl bg-white/15" />
        ))}
      </div>
    </div>
  );
}

export function WhyChooseSection() {
  const query = useContentBlock('why-choose');
  return (
    <section aria-labelledby="why-title" className="px-3 sm:px-6">
      <div className="relative isolate mx-auto max-w-7xl overflow-hidden rounded-[2rem] bg-brand-900 py-20 sm:py-24">
        <div
          aria-hidden="true"
          className="absolute -top-40 start-1/2 -z-10 size-[40rem] -translate-x-1/2 rounded-full bg-brand-600/40 blur-3xl rtl:translate-x-1/2"
        />
        <div className={containerClass}>
          <BlockView query={query} skeleton={<WhyChooseSkeleton />}>
            {(block) => (
              <>
                <SectionHeading
                  id="why-title"
                  tone="dark"
                  badge={block.badge}
                  title={block.title}
                  description={block.description}
                />
                <dl className="mt-14 flex flex-wrap justify-center gap-4">
                  {block.stats.map((stat, index) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: admin-edited lists have no ids and never reorder on screen
                      key={`${stat.value}-${index}`}
                      className="flex grow basis-[calc(50%-0.5rem)] flex-col-reverse justify-end gap-2 rounded-2xl bg-white/[.07] p-5 ring-1 ring-white/10 backdrop-blur sm:p-6 md:grow-0 md:basis-[calc(33.333%-0.75rem)]"
                    >
                      <dt className="text-sm leading-snug text-brand-100">{stat.description}</dt>
                      <dd className="text-[1.375rem] font-extrabold leading-tight tracking-tight text-white sm:text-4xl">
                        {stat.value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </BlockView>
        </div>
      </div>
    </section>
  );
}
