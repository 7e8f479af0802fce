/** Button looks shared by the landing sections, so every call to action matches. */
export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm shadow-brand-600/30 transition hover:bg-brand-700 active:scale-[.98]',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 transition hover:border-brand-300 hover:text-brand-700 active:scale-[.98]',
  dark: 'inline-flex items-center justify-center gap-2 rounded-xl bg-ink px-5 py-3 font-semibold text-white transition hover:bg-slate-800 active:scale-[.98]',
  light:
    'inline-flex items-center justify-center gap-2 rounded-xl bg-white px-5 py-3 font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50 active:scale-[.98]',
} as const;

export const containerClass = 'mx-auto w-full max-w-6xl px-5 sm:px-8';

/** The phone menu button, the same before and after the menu's dialog code has loaded. */
export const menuButtonClass =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden';
