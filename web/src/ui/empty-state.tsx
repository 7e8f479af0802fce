import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a screen shows when it has nothing to show yet: never a blank page. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  badge,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  badge?: string;
  action?: ReactNode;
}) {
  return (
    <section
      data-testid="empty-state"
      className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center sm:py-20"
    >
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      {badge && (
        <span className="mt-5 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-700 ring-1 ring-amber-200">
          {badge}
        </span>
      )}
      <h2 className="mt-4 text-xl font-semibold text-ink">{title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
