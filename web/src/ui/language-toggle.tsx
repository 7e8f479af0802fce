import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../i18n';

/**
 * Switches between Arabic and English. It shows the name of the language it switches to, written
 * in that language; its accessible name starts with that same word (WCAG 2.5.3, label in name:
 * a voice-control user says what they see) and adds, for screen readers, what the button does.
 */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === 'en' ? 'ar' : 'en';
  return (
    <button
      type="button"
      onClick={() => void setLanguage(next)}
      data-testid="language-toggle"
      className={`inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 transition hover:border-brand-300 hover:text-brand-700 ${className}`}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={next}>{t('languageToggle')}</span>
      <span className="sr-only"> {t('languageToggleLabel')}</span>
    </button>
  );
}
