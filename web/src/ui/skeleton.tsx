/** A grey placeholder in the shape of content that is still loading: every loading screen's one block. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200/80 ${className}`} />;
}

/** Placeholders stacked one above the other, e.g. a title over lines of text. */
export function SkeletonStack({ className, items }: { className: string; items: readonly string[] }) {
  return (
    <div className={className}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} className={item} />
      ))}
    </div>
  );
}

/** A round picture beside a few lines: a person's name and details, or a post's author. */
export function SkeletonAvatarRow({
  className,
  avatar,
  lines,
}: {
  className: string;
  /** Size of the picture. */
  avatar: string;
  lines: readonly string[];
}) {
  return (
    <div className={`flex ${className}`}>
      <Skeleton className={`${avatar} rounded-full`} />
      <SkeletonStack className="flex-1 space-y-2" items={lines} />
    </div>
  );
}
