import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';

/** A sentence with a date in it (`Added <time>{{date}}</time>`), the date in the user's language and a `<time>`. */
export function Dated({ ns, i18nKey, date }: { ns: string; i18nKey: string; date: string }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={{ date: formatDateTime(date, i18n.language) }}
      components={{ time: <time dateTime={date} /> }}
    />
  );
}
