import { Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAddPerson } from '../../lib/api/engage';
import { errorText } from '../../lib/error-text';
import { usePeopleSearch } from './engage-network-api';

/**
 * Searching the network for people by name or headline: a search field and a list of results,
 * each with its own Follow button (reached with Tab; the count of results is read out).
 */
export function PeopleSearch({ followed }: { followed: Set<string> }) {
  const { t } = useTranslation('engage');
  const id = useId();
  const [value, setValue] = useState('');
  const [query, setQuery] = useState('');
  // Asked once typing pauses, and at once on Enter.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(value), 300);
    return () => clearTimeout(timer);
  }, [value]);
  const search = usePeopleSearch(query, true);
  const addPerson = useAddPerson();
  const people = search.data ?? [];
  const asked = query.trim().length >= 2;
  return (
    <section aria-labelledby={`${id}-title`} data-testid="engage-search">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('search.title')}
      </h2>
      <form
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(value);
        }}
      >
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-700">
          {t('search.label')}
        </label>
        <div className="relative mt-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={`${id}-q`}
            type="search"
            dir="auto"
            autoComplete="off"
            className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white py-2.5 ps-9 pe-3.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            placeholder={t('search.placeholder')}
            value={value}
            aria-describedby={`${id}-status`}
            onChange={(event) => setValue(event.target.value)}
            data-testid="engage-search-input"
          />
        </div>
      </form>
      <p id={`${id}-status`} className="mt-1.5 text-xs text-slate-500" role="status" aria-live="polite">
        {!asked
          ? t('search.hint')
          : search.isError
            ? errorText(search.error)
            : search.isFetching && !search.data
              ? t('search.searching')
              : t('search.found', { count: people.length })}
      </p>
      {asked && people.length > 0 && (
        <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto pe-1" data-testid="engage-search-results">
          {people.map((person) => (
            <li
              key={person.handle}
              className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50"
            >
              <span className="min-w-0">
                <span dir="auto" className="block truncate text-sm font-medium">
                  {person.name}
                </span>
                <span dir="auto" className="block truncate text-xs text-slate-500">
                  {person.headline}
                </span>
              </span>
              {followed.has(person.handle) ? (
                <span className="shrink-0 text-xs text-slate-500">{t('creators.following')}</span>
              ) : (
                <button
                  type="button"
                  className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-2.5 py-1.5 text-xs font-semibold text-slate-700 hover:bg-white disabled:opacity-60"
                  aria-label={t('creators.follow', { name: person.name })}
                  disabled={addPerson.isPending}
                  onClick={() =>
                    addPerson.mutate(person.profileUrl, {
                      onSuccess: () => toast.success(t('search.followed', { name: person.name })),
                      onError: (error) => toast.error(errorText(error)),
                    })
                  }
                >
                  <Plus aria-hidden="true" className="size-3.5" />
                  {t('people.add')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
