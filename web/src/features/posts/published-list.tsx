import { ChevronDown, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddedPages } from '../../lib/api/linkedin';
import { usePublishedPosts } from '../../lib/api/posts';
import { Button } from '../../ui/button';
import { IdentityChoice, useIdentityChoice } from './identity-choice';
import { EmptyPostList, LoadError, PostListSkeleton } from './list-states';
import { PublishedPostCard } from './published-post-card';

/** Cards shown at first and added by 'Show more': the calendar sits below the list on phones. */
const PAGE = 10;

/**
 * The Published tab: the account's posts on the network, newest first; with company pages added,
 * the profile's or one page's, as chosen above the list.
 */
export function PublishedList({ onGenerate }: { onGenerate: () => void }) {
  const pages = useAddedPages();
  const whose = useIdentityChoice(pages, false);
  return (
    <div className="flex flex-col gap-4">
      <IdentityChoice pages={pages} {...whose} testId="published-identity" />
      <PublishedPosts key={whose.value} identity={whose.value || null} onGenerate={onGenerate} />
    </div>
  );
}

function PublishedPosts({ identity, onGenerate }: { identity: string | null; onGenerate: () => void }) {
  const { t } = useTranslation('posts');
  const published = usePublishedPosts(identity);
  const [shown, setShown] = useState(PAGE);
  if (published.isPending) return <PostListSkeleton />;
  if (published.error) {
    return <LoadError title={t('published.loadFailed')} error={published.error} onRetry={published.retry} />;
  }
  const posts = published.data ?? [];
  if (posts.length === 0) {
    return (
      <EmptyPostList
        icon={Send}
        title={t('published.emptyTitle')}
        text={t('published.emptyText')}
        actionLabel={t('published.emptyAction')}
        onAction={onGenerate}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="published-list">
      {posts.slice(0, shown).map((post) => (
        <PublishedPostCard key={post.id} post={post} asPage={identity !== null} />
      ))}
      {posts.length > shown && (
        <Button
          onClick={() => setShown((count) => count + PAGE)}
          data-testid="show-more-published"
          variant="secondary"
          size="lg"
          className="self-center"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
          {t('published.showMore')}
        </Button>
      )}
    </div>
  );
}
