import { Link } from '@tanstack/react-router';
import { ChartLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** From a published network post's card to its own page: counters since publication against the median post. */
export function PostResultsLink({ postId, className = '' }: { postId: string; className?: string }) {
  const { t } = useTranslation('analytics');
  return (
    <Link
      to="/posts/analytics/$postId"
      params={{ postId }}
      className={`inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline ${className}`}
      data-testid="post-results-link"
    >
      <ChartLine aria-hidden="true" className="size-4" />
      {t('post.link')}
    </Link>
  );
}
