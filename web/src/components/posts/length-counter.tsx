import { MAX_POST_LENGTH } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';

/** "n / 3,000" under a post's text, turning red past the network's limit. */
export function LengthCounter({ id, length }: { id: string; length: number }) {
  const { t, i18n } = useTranslation('posts');
  return (
    <p
      id={id}
      className={`mt-1 text-end text-xs tabular-nums ${length > MAX_POST_LENGTH ? 'font-semibold text-red-600' : 'text-slate-500'}`}
    >
      {t('schedule.counter', {
        length: length.toLocaleString(i18n.language),
        max: MAX_POST_LENGTH.toLocaleString(i18n.language),
      })}
    </p>
  );
}
