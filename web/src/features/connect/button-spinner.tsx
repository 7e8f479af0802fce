/** A small spinner inside a busy button; the button's text says what is happening. */
export function ButtonSpinner({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <span
      aria-hidden="true"
      className={`size-4 shrink-0 animate-spin rounded-full border-2 ${
        tone === 'light' ? 'border-white/40 border-t-white' : 'border-brand-100 border-t-brand-600'
      }`}
    />
  );
}
