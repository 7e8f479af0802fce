import { addPersonRequestSchema, addTopicRequestSchema, ENGAGE_LIMITS } from '@nashr/contracts';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAddPerson, useAddTopic, useEngageCreators, useEngageTargets, useRemoveTarget } from '../../lib/api/engage';
import { errorText } from '../../lib/error-text';
import { lengthProblem, useSchemaForm } from '../../lib/use-schema-form';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { SkeletonStack } from '../../ui/skeleton';
import { PeopleSearch } from './people-search';

const input =
  'block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-400';
const addButton =
  'inline-flex shrink-0 items-center gap-1.5 rounded-xl bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60';
const chip =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-sm text-ink ring-1 ring-slate-200';
const chipRemove =
  'rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500';

/** The one field of each add form, with the catalogue's rule for it. */
const personField = z.object({ value: addPersonRequestSchema.shape.profileUrl });
const topicField = z.object({ value: addTopicRequestSchema.shape.topic });

/** One line form: a field and its button, the error read out under the field. */
function AddForm({
  id,
  field,
  label,
  placeholder,
  button,
  pending,
  problems,
  onAdd,
}: {
  id: string;
  field: typeof personField | typeof topicField;
  label: string;
  placeholder: string;
  button: string;
  pending: boolean;
  /** The field's rules in words: nothing typed, and longer than it may be. */
  problems: { missing: string; tooLong: string };
  onAdd: (value: string) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(field, { defaultValues: { value: '' } });
  /** What the server said of the last one sent. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = handleSubmit(async ({ value }) => {
    try {
      await onAdd(value);
      reset();
      setRefusal(null);
    } catch (failure) {
      setRefusal(errorText(failure));
    }
  });
  const error = lengthProblem(errors.value, problems) ?? refusal;
  return (
    <form onSubmit={submit} className="mt-3" noValidate>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          dir="auto"
          className={input}
          {...register('value')}
          placeholder={placeholder}
          {...fieldProblemProps(`${id}-error`, error)}
          data-testid={`${id}-input`}
        />
        <button type="submit" className={addButton} disabled={pending} data-testid={`${id}-add`}>
          <Plus aria-hidden="true" className="size-4" />
          {button}
        </button>
      </div>
      <FieldProblem id={`${id}-error`} problem={error} />
    </form>
  );
}

/**
 * Whom to engage with: people by profile address, by a search of the network (where it offers
 * one) or from the provider's creators, and topics.
 */
export function TargetsEditor({ canSearch = false }: { canSearch?: boolean }) {
  const { t } = useTranslation('engage');
  const targets = useEngageTargets();
  const creators = useEngageCreators();
  const addPerson = useAddPerson();
  const addTopic = useAddTopic();
  const remove = useRemoveTarget();
  const removeOne = (kind: 'person' | 'topic', id: string) =>
    remove.mutate({ kind, id }, { onError: (error) => toast.error(errorText(error)) });

  if (targets.isPending)
    return <SkeletonStack className="space-y-3" items={['h-6 w-40', 'h-10 w-full', 'h-8 w-2/3']} />;
  if (targets.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorText(targets.error)}
      </p>
    );
  }
  const { people, topics, limits } = targets.data;
  const followed = new Set(people.map((p) => p.handle));
  return (
    <div className="space-y-6">
      <section aria-labelledby="engage-people">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="engage-people" className="font-semibold">
            {t('people.title')}
          </h2>
          <span className="text-xs text-slate-500">
            {t('people.count', { n: people.length, limit: limits.people })}
          </span>
        </div>
        <AddForm
          id="engage-person"
          field={personField}
          problems={{
            missing: t('people.missing'),
            tooLong: t('address.tooLong', { count: ENGAGE_LIMITS.profileUrlLength }),
          }}
          label={t('people.label')}
          placeholder={t('people.placeholder')}
          button={t('people.add')}
          pending={addPerson.isPending}
          onAdd={(url) => addPerson.mutateAsync(url)}
        />
        {people.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('people.empty')}</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="engage-people">
            {people.map((person) => (
              <li key={person.id} className={chip}>
                <span dir="auto" className="truncate">
                  {person.name}
                </span>
                <button
                  type="button"
                  className={chipRemove}
                  aria-label={t('people.remove', { name: person.name })}
                  onClick={() => removeOne('person', person.id)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="engage-topics">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="engage-topics" className="font-semibold">
            {t('topics.title')}
          </h2>
          <span className="text-xs text-slate-500">
            {t('topics.count', { n: topics.length, limit: limits.topics })}
          </span>
        </div>
        <AddForm
          id="engage-topic"
          field={topicField}
          problems={{
            missing: t('topics.missing'),
            tooLong: t('topics.tooLong', { count: ENGAGE_LIMITS.topicLength }),
          }}
          label={t('topics.label')}
          placeholder={t('topics.placeholder')}
          button={t('topics.add')}
          pending={addTopic.isPending}
          onAdd={(topic) => addTopic.mutateAsync(topic)}
        />
        {topics.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('topics.empty')}</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="engage-topics">
            {topics.map((topic) => (
              <li key={topic.id} className={chip}>
                <span dir="auto" className="truncate">
                  {topic.topic}
                </span>
                <button
                  type="button"
                  className={chipRemove}
                  aria-label={t('topics.remove', { topic: topic.topic })}
                  onClick={() => removeOne('topic', topic.id)}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {canSearch && <PeopleSearch followed={followed} />}

      {creators.data && creators.data.length > 0 && (
        <section aria-labelledby="engage-creators">
          <h2 id="engage-creators" className="font-semibold">
            {t('creators.title')}
          </h2>
          <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto pe-1" data-testid="engage-creators">
            {creators.data.map((creator) => (
              <li
                key={creator.handle}
                className="flex items-center justify-between gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span dir="auto" className="block truncate text-sm font-medium">
                    {creator.name}
                  </span>
                  <span dir="auto" className="block truncate text-xs text-slate-500">
                    {creator.headline}
                  </span>
                </span>
                {followed.has(creator.handle) ? (
                  <span className="shrink-0 text-xs text-slate-500">{t('creators.following')}</span>
                ) : (
                  <button
                    type="button"
                    className="shrink-0 rounded-lg border border-slate-300 p-1.5 text-slate-700 hover:bg-white"
                    aria-label={t('creators.follow', { name: creator.name })}
                    disabled={addPerson.isPending}
                    onClick={() =>
                      addPerson.mutate(creator.profileUrl, { onError: (error) => toast.error(errorText(error)) })
                    }
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
