import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/app-shell/page-header';
import { FollowedPosts } from '../components/inspiration/followed-posts';
import { InspirationLibrary } from '../components/inspiration/inspiration-library';

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
