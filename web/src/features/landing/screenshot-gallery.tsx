import * as Tabs from '@radix-ui/react-tabs';
import { CalendarDays, FlaskConical, LayoutDashboard, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { containerClass } from './ui';

const SHOTS = [
  { id: 'dashboard', icon: LayoutDashboard, src: '/images/landing/screenshot-dashboard.svg' },
  { id: 'composer', icon: Sparkles, src: '/images/landing/screenshot-composer.svg' },
  { id: 'calendar', icon: CalendarDays, src: '/images/landing/screenshot-calendar.svg' },
] as const;

/** Drawings of the product's screens in a browser frame, marked as sample data; tabs switch between them. */
export function ScreenshotGallery() {
  const { t } = useTranslation('landing');
  return (
    <section aria-label={t('gallery.label')} className={`${containerClass} pb-16`}>
      <Tabs.Root defaultValue={SHOTS[0].id} className="flex flex-col items-center gap-6">
        <Tabs.List
          aria-label={t('gallery.label')}
          className="grid w-full grid-cols-3 gap-1 rounded-2xl bg-slate-100 p-1 sm:inline-flex sm:w-auto"
        >
          {SHOTS.map(({ id, icon: Icon }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="inline-flex flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-center text-xs font-medium sm:flex-row sm:gap-2 sm:px-4 sm:text-sm text-slate-600 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm sm:px-4"
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`gallery.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="relative w-full">
          <div
            aria-hidden="true"
            className="absolute -inset-x-4 -bottom-6 top-10 -z-10 sm:-inset-x-6 rounded-[2.5rem] bg-gradient-to-b from-brand-200/60 to-brand-50/0 blur-2xl"
          />
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15 ring-1 ring-slate-900/5">
            <div
              aria-hidden="true"
              className="flex items-center gap-1.5 border-b border-slate-100 bg-slate-50 px-4 py-3"
            >
              <span className="size-3 rounded-full bg-rose-400" />
              <span className="size-3 rounded-full bg-amber-400" />
              <span className="size-3 rounded-full bg-emerald-400" />
              <span className="ms-4 h-5 w-40 rounded-md bg-white ring-1 ring-slate-200 sm:w-64" />
            </div>
            {/* The drawings' figures are invented: they wear the sample badge the sandbox's figures wear. */}
            <p
              className="flex items-center justify-end gap-2 border-b border-slate-100 bg-slate-50 px-4 py-1.5 text-xs text-slate-600"
              data-testid="gallery-sample"
            >
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-700 ring-1 ring-amber-200">
                <FlaskConical aria-hidden="true" className="size-3.5" />
                {t('gallery.sample')}
              </span>
              <span>{t('gallery.sampleReason')}</span>
            </p>
            {SHOTS.map(({ id, src }) => (
              <Tabs.Content key={id} value={id} className="focus:outline-none">
                <img
                  src={src}
                  alt={t(`gallery.${id}Alt`)}
                  width={1200}
                  height={720}
                  className="block aspect-[5/3] w-full"
                  loading={id === SHOTS[0].id ? 'eager' : 'lazy'}
                />
              </Tabs.Content>
            ))}
          </div>
        </div>
      </Tabs.Root>
    </section>
  );
}
