import type { ButtonHTMLAttributes } from 'react';
import { BUTTON_SIZES } from './button';

/**
 * The quiet button that removes a row (Remove a device, Revoke a token, End a session): outlined,
 * red only under the pointer, full width on a phone and its own width beside the row's text. It has
 * the shape and sizes of Button; only its colours are its own.
 */
export function DangerOutlineButton({
  size = 'md',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & { size?: 'sm' | 'md' }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center self-stretch rounded-xl border border-slate-300 ${BUTTON_SIZES[size]} font-semibold text-slate-700 transition hover:border-red-300 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-60 sm:self-auto`}
      {...props}
    />
  );
}
