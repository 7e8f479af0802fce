import { Skeleton, SkeletonAvatarRow, SkeletonStack } from '../../ui/skeleton';

const cardClass = 'rounded-2xl border border-slate-200 bg-white';

/** Grey shapes where the dashboard's content will appear, so the page does not jump. */
export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="dashboard-loading">
      <SkeletonAvatarRow
        className="mb-8 items-center gap-4"
        avatar="size-14"
        lines={['h-7 w-64 max-w-full', 'h-4 w-96 max-w-full']}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <SkeletonStack
            key={key}
            className={`space-y-3 ${cardClass} p-5`}
            items={['size-10 rounded-xl', 'h-4 w-28', 'h-8 w-24', 'h-4 w-36']}
          />
        ))}
      </div>
      <div className={`mt-6 ${cardClass} p-6`}>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
      <div className="mt-6 space-y-4">
        {[0, 1].map((key) => (
          <div key={key} className={`${cardClass} p-5`}>
            <SkeletonAvatarRow className="gap-3" avatar="size-11" lines={['h-4 w-40', 'h-3 w-28']} />
            <Skeleton className="mt-4 h-16 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
