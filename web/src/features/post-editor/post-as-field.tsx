import { useTranslation } from 'react-i18next';
import { useAddedPages } from '../../lib/api/linkedin';

/**
 * "Post as": the connected member (the empty value) or one of the company pages added on the
 * profile. Shown only when a page is added; without one a post always goes out as the member.
 */
export function PostAsField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (identity: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('composer');
  const pages = useAddedPages();
  if (pages.length === 0) return null;
  return (
    <div>
      <label htmlFor={`${id}-post-as`} className="text-sm font-semibold text-slate-700">
        {t('postAs.label')}
      </label>
      <select
        id={`${id}-post-as`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1.5 block w-full rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-100"
        data-testid="post-as"
      >
        <option value="">{t('postAs.profile')}</option>
        {pages.map((page) => (
          <option key={page.organization} value={page.identity ?? ''}>
            {page.name}
          </option>
        ))}
      </select>
    </div>
  );
}
