export function Spinner({ className = 'size-8', label }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span
        className={`${className} animate-spin rounded-full border-4 border-brand-100 border-t-brand-600`}
        aria-hidden="true"
      />
    </span>
  );
}
