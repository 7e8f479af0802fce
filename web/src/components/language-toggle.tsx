import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../i18n';

/** Switches between Arabic and English; the label names the language it switches to. */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === 'en' ? 'ar' : 'en';
  return (
    <button
      type="button"
      onClick={() => void setLanguage(next)}
      aria-label={t('languageToggleLabel')}
      lang={next}
      data-testid="language-toggle"
      className={`inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:border-brand-300 hover:text-brand-700 ${className}`}
    >
      <Languages aria-hidden="true" className="size-4" />
      {t('languageToggle')}
    </button>
  );
}
