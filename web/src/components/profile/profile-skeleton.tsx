function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200/70 ${className}`} />;
}

/** The profile page's shape while it loads. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 lg:grid-cols-[1fr_20rem]" data-testid="profile-loading">
      <div className="space-y-6">
        <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white">
          <Block className="h-32 rounded-none sm:h-48" />
          <div className="space-y-3 px-8 pb-6">
            <Block className="-mt-12 size-24 rounded-full ring-4 ring-white sm:-mt-16 sm:size-32" />
            <Block className="h-7 w-56" />
            <Block className="h-4 w-80 max-w-full" />
            <Block className="h-4 w-40" />
          </div>
        </div>
        <div className="space-y-3 rounded-3xl border border-slate-200 bg-white p-6">
          <Block className="h-5 w-24" />
          <Block className="h-20 w-full" />
        </div>
      </div>
      <div className="space-y-6">
        <Block className="h-48 w-full rounded-3xl" />
        <Block className="h-56 w-full rounded-3xl" />
      </div>
    </div>
  );
}
