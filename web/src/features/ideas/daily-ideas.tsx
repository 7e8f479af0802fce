import type { PostIdea } from '@nashr/contracts';
import { CircleAlert, Lightbulb, RotateCw, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDailyIdeas } from '../../lib/api/advice';
import { errorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { useComposer } from '../composer';

/**
 * Today's post ideas, prepared each day in the background from the user's job, goals, interests
 * and posts. 'Write this' opens the composer with the idea as the topic.
 */
export function DailyIdeas() {
  const { t } = useTranslation('library');
  const ideas = useDailyIdeas();

  if (ideas.isPending || ideas.data?.status === 'preparing') {
    return (
      <section aria-busy="true" aria-label={t('ideas.preparing')} data-testid="ideas-loading" className="space-y-3">
        <p role="status" className="text-sm text-slate-500">
          {t('ideas.preparing')}
        </p>
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-24 rounded-2xl" />
        ))}
      </section>
    );
  }
  if (ideas.error) {
    return (
      <section
        role="alert"
        className="flex flex-col items-center rounded-3xl border border-red-200 bg-red-50/60 px-6 py-10 text-center"
        data-testid="ideas-error"
      >
        <CircleAlert aria-hidden="true" className="size-7 text-red-600" />
        <p className="mt-3 max-w-lg font-medium text-red-700">{errorText(ideas.error)}</p>
        <button
          type="button"
          onClick={() => void ideas.refetch()}
          className="mt-5 inline-flex items-center gap-2 rounded-xl border border-red-200 bg-white px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t('common:tryAgain')}
        </button>
      </section>
    );
  }
  const day = ideas.data;
  if (!day || day.ideas.length === 0) {
    return <EmptyState icon={Lightbulb} title={t('ideas.emptyTitle')} text={t('ideas.emptyText')} />;
  }
  return (
    <section aria-labelledby="ideas-list-title" data-testid="ideas-list">
      <h2 id="ideas-list-title" className="sr-only">
        {t('ideas.listTitle')}
      </h2>
      {day.offline && (
        <p className="mb-4 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="ideas-offline">
          {t('ideas.offline')}
        </p>
      )}
      <ul className="space-y-3">
        {day.ideas.map((idea) => (
          <IdeaItem key={idea.id} idea={idea} lang={day.language === 'Arabic' ? 'ar' : undefined} />
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-500">{t('ideas.tomorrow')}</p>
    </section>
  );
}

function IdeaItem({ idea, lang }: { idea: PostIdea; lang?: string }) {
  const { t } = useTranslation('library');
  const composer = useComposer();
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
      data-testid="idea-item"
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <p lang={lang} dir="auto" className="font-medium leading-7 text-slate-800" data-testid="idea-topic">
          {idea.topic}
        </p>
        {idea.why && (
          <p lang={lang} dir="auto" className="text-sm text-slate-500">
            {idea.why}
          </p>
        )}
        <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {t(`ideas.sources.${idea.source}`)}
        </span>
      </div>
      <Button
        onClick={() => composer.open({ text: idea.topic })}
        aria-label={t('ideas.writeLabel', { topic: idea.topic.slice(0, 80) })}
        variant="primary"
        className="shrink-0"
        data-testid="idea-write"
      >
        <SquarePen aria-hidden="true" className="size-4" />
        {t('ideas.write')}
      </Button>
    </li>
  );
}
