import type { LucideIcon } from 'lucide-react';

/** A small button that shows only an icon; its label is its accessible name and its tooltip. */
export function IconButton({
  label,
  onClick,
  icon: Icon,
  danger = false,
  testId,
}: {
  label: string;
  onClick: () => void;
  icon: LucideIcon;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={`rounded-lg p-2 text-slate-500 transition ${danger ? 'hover:bg-red-50 hover:text-red-600' : 'hover:bg-slate-100 hover:text-ink'}`}
    >
      <Icon aria-hidden="true" className="size-4.5" />
    </button>
  );
}
