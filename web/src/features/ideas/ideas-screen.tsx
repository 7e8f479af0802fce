import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { DailyIdeas } from './';

/** /ideas: today's post ideas, each a click away from the composer. */
export function IdeasPage() {
  const { t } = useTranslation('library');
  return (
    <div data-testid="screen-ideas">
      <PageHeader title={t('ideas.title')} description={t('ideas.description')} />
      <DailyIdeas />
    </div>
  );
}
