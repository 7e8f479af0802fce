import { MAX_FIRST_COMMENT_LENGTH } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** The optional first comment, posted under the post right after it goes out. */
export function FirstCommentField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('composer');
  const length = value.trim().length;
  const over = length > MAX_FIRST_COMMENT_LENGTH;
  return (
    <div>
      <label htmlFor={`${id}-first-comment`} className="text-sm font-semibold text-slate-700">
        {t('firstComment.label')}
      </label>
      <p id={`${id}-first-comment-hint`} className="text-xs text-slate-500">
        {t('firstComment.hint')}
      </p>
      <textarea
        id={`${id}-first-comment`}
        dir="auto"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        aria-describedby={`${id}-first-comment-hint ${id}-first-comment-count`}
        aria-invalid={over}
        className="mt-1.5 block w-full resize-y rounded-xl border border-slate-200 px-3 py-2 text-sm leading-6 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-100"
        data-testid="first-comment"
      />
      <p
        id={`${id}-first-comment-count`}
        className={`mt-1 text-end text-xs tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
      >
        {/* Isolated like the post's own counter: in Arabic "0 / 1,250" must not turn into "1,250 / 0". */}
        <bdi>
          {t('firstComment.count', {
            chars: formatNumber(length, i18n.language),
            max: formatNumber(MAX_FIRST_COMMENT_LENGTH, i18n.language),
          })}
        </bdi>
      </p>
    </div>
  );
}
