import { useTranslation } from 'react-i18next';

/** The product mark and name. */
export function Logo({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-2 font-bold text-ink ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="14" fill="#0a66c2" />
        <path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#fff" />
      </svg>
      <span className="text-xl tracking-tight">{t('appName')}</span>
    </span>
  );
}
