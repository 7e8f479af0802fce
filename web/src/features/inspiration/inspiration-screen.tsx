import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header';
import { FollowedPosts } from './followed-posts';
import { InspirationLibrary } from './inspiration-library';

/** /inspiration: strong posts to learn from (the library, and the best of the people followed in Engage), and 'Write a post like this'. */
export function InspirationPage() {
  const { t } = useTranslation('library');
  return (
    <div data-testid="screen-inspiration">
      <PageHeader title={t('inspiration.title')} description={t('inspiration.description')} />
      <FollowedPosts />
      <InspirationLibrary />
    </div>
  );
}
