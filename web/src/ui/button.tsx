import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** What every button shares: an icon and its label side by side, centred, dimmed while it cannot be pressed. */
const BASE =
  'inline-flex items-center justify-center rounded-xl font-semibold transition disabled:cursor-not-allowed disabled:opacity-60';

/** sm sits in a row or a card's corner, md is the usual action, lg closes a dialog or leads a page. */
export const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: 'gap-1.5 px-3 py-1.5 text-sm',
  md: 'gap-2 px-4 py-2 text-sm',
  lg: 'gap-2 px-5 py-2.5 text-sm',
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
};

/**
 * The classes of a button of the app, for a link that must look like one. `className` is for
 * layout only (a margin, a width, self-*, shrink-0): a colour or a padding added here would fight
 * the variant's own.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return className
    ? `${BASE} ${BUTTON_SIZES[size]} ${VARIANTS[variant]} ${className}`
    : `${BASE} ${BUTTON_SIZES[size]} ${VARIANTS[variant]}`;
}

/**
 * The one button of the app, so that a primary action looks the same on every screen: four
 * looks (primary, secondary, ghost, danger) in three sizes. It is `type="button"` unless told
 * otherwise, so a button inside a form never sends it by accident.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
