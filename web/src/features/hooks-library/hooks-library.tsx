import { type Locale, localeSchema } from '@nashr/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { FilterRow, FilterSearch, FilterSelect } from '../../ui/filter-fields';
import { Spinner } from '../../ui/spinner';
import { useComposer } from '../composer';
import { matchesQuery } from './search-text';
import {
  type HookEntry,
  type TemplateEntry,
  WRITING_GOALS,
  WRITING_KINDS,
  type WritingGoal,
  type WritingKind,
} from './types';
import { writingLibraryQuery } from './writing-library-query';

type Tab = 'hooks' | 'templates';

function Filters({
  query,
  onQuery,
  kind,
  onKind,
  goal,
  onGoal,
  lang,
  onLang,
}: {
  query: string;
  onQuery: (value: string) => void;
  kind: WritingKind | '';
  onKind: (value: WritingKind | '') => void;
  goal: WritingGoal | '';
  onGoal: (value: WritingGoal | '') => void;
  lang: Locale;
  onLang: (value: Locale) => void;
}) {
  const { t } = useTranslation('library');
  return (
    <FilterRow>
      <FilterSearch
        label={t('writing.search')}
        placeholder={t('writing.searchPlaceholder')}
        value={query}
        onChange={onQuery}
        testId="writing-search"
      />
      <FilterSelect
        label={t('writing.kind')}
        value={kind}
        options={WRITING_KINDS}
        optionLabel={(value) => t(`kinds.${value}`)}
        onChange={onKind}
        anyLabel={t('writing.anyKind')}
        testId="writing-kind"
      />
      <FilterSelect
        label={t('writing.goal')}
        value={goal}
        options={WRITING_GOALS}
        optionLabel={(value) => t(`goals.${value}`)}
        onChange={onGoal}
        anyLabel={t('writing.anyGoal')}
        testId="writing-goal"
      />
      <FilterSelect
        label={t('writing.language')}
        value={lang}
        options={localeSchema.options}
        optionLabel={(value) => t(`languages.${value}`)}
        onChange={(value) => onLang(value || 'ar')}
        testId="writing-lang"
      />
    </FilterRow>
  );
}

function Tags({ kind, goal }: { kind: WritingKind; goal: WritingGoal }) {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-wrap gap-1.5 text-xs font-medium">
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700">{t(`kinds.${kind}`)}</span>
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">{t(`goals.${goal}`)}</span>
    </div>
  );
}

function UseButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('library');
  const composer = useComposer();
  return (
    <button
      type="button"
      onClick={() => composer.open({ text })}
      aria-label={t('writing.useLabel', { name: label })}
      className="shrink-0 rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
      data-testid="writing-use"
    >
      {t('writing.use')}
    </button>
  );
}

function HookItem({ hook, lang }: { hook: HookEntry; lang: Locale }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
      data-testid="hook-item"
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="leading-7 text-slate-800">
          {hook.text}
        </p>
        <Tags kind={hook.kind} goal={hook.goal} />
      </div>
      <UseButton text={hook.text} label={hook.text.slice(0, 60)} />
    </li>
  );
}

function TemplateItem({ template, lang }: { template: TemplateEntry; lang: Locale }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="template-item"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <h3 lang={lang} className="font-semibold text-ink">
            {template.title}
          </h3>
          <Tags kind={template.kind} goal={template.goal} />
        </div>
        <UseButton text={template.body} label={template.title} />
      </div>
      <p
        lang={lang}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        className="line-clamp-6 whitespace-pre-line text-sm leading-6 text-slate-600"
      >
        {template.body}
      </p>
    </li>
  );
}

/** Hooks and post templates in both languages: search, filter by kind and goal, and 'Use' fills the composer. */
export function HooksLibrary() {
  const { t, i18n } = useTranslation('library');
  const [tab, setTab] = useState<Tab>('hooks');
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<WritingKind | ''>('');
  const [goal, setGoal] = useState<WritingGoal | ''>('');
  const [lang, setLang] = useState<Locale>(i18n.language === 'en' ? 'en' : 'ar');
  const library = useQuery(writingLibraryQuery(lang));

  const hooks = useMemo(
    () =>
      (library.data?.hooks ?? []).filter(
        (hook) => (!kind || hook.kind === kind) && (!goal || hook.goal === goal) && matchesQuery(hook.text, query),
      ),
    [library.data, kind, goal, query],
  );
  const templates = useMemo(
    () =>
      (library.data?.templates ?? []).filter(
        (template) =>
          (!kind || template.kind === kind) &&
          (!goal || template.goal === goal) &&
          matchesQuery(`${template.title}\n${template.body}`, query),
      ),
    [library.data, kind, goal, query],
  );

  const clear = () => {
    setQuery('');
    setKind('');
    setGoal('');
  };
  const nothing = (
    <EmptyState
      icon={SearchX}
      title={t('writing.emptyTitle')}
      text={t('writing.emptyText')}
      action={
        <button
          type="button"
          onClick={clear}
          className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold"
        >
          {t('writing.clear')}
        </button>
      }
    />
  );

  return (
    <div>
      <Filters
        query={query}
        onQuery={setQuery}
        kind={kind}
        onKind={setKind}
        goal={goal}
        onGoal={setGoal}
        lang={lang}
        onLang={setLang}
      />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label={t('writing.tabsLabel')} className="mb-4 inline-flex gap-1 rounded-2xl bg-slate-100 p-1">
          {(['hooks', 'templates'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-xl px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
              data-testid={`writing-tab-${value}`}
            >
              {t(`writing.tabs.${value}`, {
                count: value === 'hooks' ? hooks.length : templates.length,
              })}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {library.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : library.isError ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-700">
            {t('writing.loadFailed')}
          </p>
        ) : (
          <>
            <Tabs.Content value="hooks">
              {hooks.length === 0 ? (
                nothing
              ) : (
                <ul className="space-y-3">
                  {hooks.map((hook) => (
                    <HookItem key={hook.id} hook={hook} lang={lang} />
                  ))}
                </ul>
              )}
            </Tabs.Content>
            <Tabs.Content value="templates">
              {templates.length === 0 ? (
                nothing
              ) : (
                <ul className="grid gap-3 lg:grid-cols-2">
                  {templates.map((template) => (
                    <TemplateItem key={template.id} template={template} lang={lang} />
                  ))}
                </ul>
              )}
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </div>
  );
}
