import type { ReactNode } from 'react';

/** The badge, title and optional text that open every landing section. */
export function SectionHeading({
  badge,
  title,
  description,
  align = 'center',
  tone = 'light',
  id,
}: {
  badge?: string;
  title: string;
  description?: ReactNode;
  align?: 'center' | 'start';
  tone?: 'light' | 'dark';
  id?: string;
}) {
  const dark = tone === 'dark';
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-xl text-start'}>
      {badge ? (
        <p
          className={`mb-4 inline-flex rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wider ${
            dark
              ? 'bg-white/10 text-brand-200 ring-1 ring-white/20'
              : 'bg-brand-50 text-brand-700 ring-1 ring-brand-100'
          }`}
        >
          {badge}
        </p>
      ) : null}
      <h2
        id={id}
        className={`text-balance text-3xl font-bold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}
      >
        {title}
      </h2>
      {description ? (
        <p className={`mt-4 text-pretty text-lg leading-relaxed ${dark ? 'text-brand-100' : 'text-slate-600'}`}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
