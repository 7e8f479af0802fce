import type { ButtonHTMLAttributes } from 'react';

const PADDING = { sm: 'px-3 py-1.5', md: 'px-4 py-2' } as const;

/**
 * The quiet button that removes a row (Remove a device, Revoke a token, End a session): outlined,
 * red only under the pointer, full width on a phone and its own width beside the row's text.
 */
export function DangerOutlineButton({
  size = 'md',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & { size?: keyof typeof PADDING }) {
  return (
    <button
      type="button"
      className={`self-stretch rounded-xl border border-slate-300 ${PADDING[size]} text-sm font-semibold text-slate-700 transition hover:border-red-300 hover:bg-red-50 hover:text-red-700 disabled:opacity-60 sm:self-auto`}
      {...props}
    />
  );
}
