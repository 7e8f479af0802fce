import type { Locale } from '@nashr/contracts';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const COPIES: Locale[] = ['ar', 'en'];

interface CopyLanguageSwitchProps {
  value: Locale;
  onChange: (lang: Locale) => void;
}

/**
 * Which language's copy of the section is being edited. Independent of the interface language:
 * an admin reading the interface in English can edit the Arabic copy.
 */
export function CopyLanguageSwitch({ value, onChange }: CopyLanguageSwitchProps) {
  const { t } = useTranslation('admin');
  const name = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={`${name}-label`} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600">
        <Languages aria-hidden="true" className="size-4" />
        {t('language.label')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-label`}
        className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5"
      >
        {COPIES.map((lang) => (
          <label
            key={lang}
            className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition has-[:checked]:bg-white has-[:checked]:text-brand-700 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
            data-testid={`copy-lang-${lang}`}
          >
            <input
              type="radio"
              name={name}
              value={lang}
              checked={value === lang}
              onChange={() => onChange(lang)}
              className="sr-only"
            />
            {t(`language.${lang}`)}
          </label>
        ))}
      </div>
    </div>
  );
}
