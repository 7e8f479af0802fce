/** Grey shapes where the dashboard's content will appear, so the page does not jump. */
function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200/70 ${className}`} />;
}

export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="dashboard-loading">
      <div className="mb-8 flex items-center gap-4">
        <Block className="size-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Block className="h-7 w-64 max-w-full" />
          <Block className="h-4 w-96 max-w-full" />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <div key={key} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <Block className="size-10 rounded-xl" />
            <Block className="h-4 w-28" />
            <Block className="h-8 w-24" />
            <Block className="h-4 w-36" />
          </div>
        ))}
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <Block className="h-5 w-48" />
        <Block className="mt-6 h-64 w-full" />
      </div>
      <div className="mt-6 space-y-4">
        {[0, 1].map((key) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white p-5">
            <div className="flex gap-3">
              <Block className="size-11 rounded-full" />
              <div className="flex-1 space-y-2">
                <Block className="h-4 w-40" />
                <Block className="h-3 w-28" />
              </div>
            </div>
            <Block className="mt-4 h-16 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
