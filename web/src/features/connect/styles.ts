/** Shared look of the sign-in popup's fields and buttons. */
export const inputClass = (invalid: boolean) =>
  `w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-4 disabled:bg-slate-50 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

export const primaryButtonClass =
  'flex w-full items-center justify-center gap-2 rounded-full bg-[#0a66c2] px-5 py-3 font-semibold text-white shadow-sm transition hover:bg-[#004182] disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'flex w-full items-center justify-center gap-2 rounded-full border border-[#0a66c2] bg-white px-5 py-3 font-semibold text-[#0a66c2] transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';

export const linkButtonClass =
  'inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:opacity-60';
