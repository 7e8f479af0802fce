import { Skeleton, SkeletonStack } from '../../ui/skeleton';

/** The profile page's shape while it loads. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 lg:grid-cols-[1fr_20rem]" data-testid="profile-loading">
      <div className="space-y-6">
        <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white">
          <Skeleton className="h-32 rounded-none sm:h-48" />
          <SkeletonStack
            className="space-y-3 px-8 pb-6"
            items={[
              '-mt-12 size-24 rounded-full ring-4 ring-white sm:-mt-16 sm:size-32',
              'h-7 w-56',
              'h-4 w-80 max-w-full',
              'h-4 w-40',
            ]}
          />
        </div>
        <SkeletonStack
          className="space-y-3 rounded-3xl border border-slate-200 bg-white p-6"
          items={['h-5 w-24', 'h-20 w-full']}
        />
      </div>
      <SkeletonStack className="space-y-6" items={['h-48 w-full rounded-3xl', 'h-56 w-full rounded-3xl']} />
    </div>
  );
}
