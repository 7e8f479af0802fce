import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { HooksLibrary } from './hooks-library';

/** /hooks: opening lines and post templates to start a post from. */
export function HooksPage() {
  const { t } = useTranslation('library');
  return (
    <div data-testid="screen-hooks">
      <PageHeader title={t('writing.title')} description={t('writing.description')} />
      <HooksLibrary />
    </div>
  );
}
