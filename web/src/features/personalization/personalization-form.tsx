import {
  ACCENT_MAX_LENGTH,
  ARABIC_VARIETY_OPTIONS,
  GOAL_OPTIONS,
  INTEREST_OPTIONS,
  JOB_TITLE_MAX_LENGTH,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGE_OPTIONS,
  type PersonalizationInput,
  personalizationInputSchema,
  REGISTER_OPTIONS,
  STYLE_OPTIONS,
  TONE_OPTIONS,
} from '@nashr/contracts';
import { type ReactNode, useEffect } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PersonalizationPayload } from '../../lib/api/auth';
import { textRuleMessageText } from '../../lib/text-problem';
import { lengthProblem, useSchemaForm } from '../../lib/use-schema-form';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { OptionGroup, ToneLabel } from '../../ui/option-chips';
import type { PersonalizationFormValues } from './values';

export interface PersonalizationFormState {
  isValid: boolean;
  isDirty: boolean;
}

interface PersonalizationFormProps {
  /** Lets buttons outside the form submit it (`form={id}`). */
  id: string;
  defaultValues: PersonalizationFormValues;
  readOnly?: boolean;
  onSubmit: (values: PersonalizationPayload) => void | Promise<void>;
  /** The screen's own buttons, told whether the values may be saved. */
  actions?: (state: PersonalizationFormState) => ReactNode;
  /** Told whether the values differ from `defaultValues` (to guard leaving the screen). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Told every change, e.g. to keep the answers across a reload. */
  onValuesChange?: (values: Partial<PersonalizationFormValues>) => void;
}

type ListField = 'goals' | 'interests' | 'styles';
const LISTS: { field: ListField; options: readonly string[] }[] = [
  { field: 'goals', options: GOAL_OPTIONS },
  { field: 'interests', options: INTEREST_OPTIONS },
  { field: 'styles', options: STYLE_OPTIONS },
];

const inputClass =
  'w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-700 disabled:shadow-none aria-[invalid=true]:border-red-400';

/**
 * Every personalization field of spec section 3, validated by the same schema the server uses
 * (spec section 5). Shared by onboarding (/personalize) and settings (/personalization).
 */
export function PersonalizationForm({
  id,
  defaultValues,
  readOnly,
  onSubmit,
  actions,
  onDirtyChange,
  onValuesChange,
}: PersonalizationFormProps) {
  const { t } = useTranslation('onboarding');
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isValid, isDirty, touchedFields, dirtyFields, isSubmitted },
  } = useSchemaForm(personalizationInputSchema, {
    mode: 'onChange',
    defaultValues,
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (!onValuesChange) return;
    const subscription = watch((values) => onValuesChange(values as Partial<PersonalizationFormValues>));
    return () => subscription.unsubscribe();
  }, [watch, onValuesChange]);

  /** Errors appear once a field has been used, never on a fresh form. */
  const visible = (field: keyof PersonalizationInput, error: FieldError | undefined) =>
    error && (isSubmitted || touchedFields[field] || dirtyFields[field]) ? error : undefined;

  const jobTitleError = visible('jobTitle', errors.jobTitle);
  const accentError = visible('accent', errors.accent);
  const languageError = visible('language', errors.language);
  const writesArabic = watch('language') === 'Arabic';

  return (
    <form id={id} onSubmit={handleSubmit(onSubmit)} noValidate data-testid="personalization-form">
      <fieldset disabled={readOnly} className="min-w-0 divide-y divide-slate-100">
        <Section>
          <label htmlFor={`${id}-job-title`} className="block font-semibold text-ink">
            {t('form.jobTitle.label')}
          </label>
          <p id={`${id}-job-title-hint`} className="mt-1 text-sm text-slate-500">
            {t('form.jobTitle.hint')}
          </p>
          <input
            id={`${id}-job-title`}
            type="text"
            autoComplete="organization-title"
            placeholder={t('form.jobTitle.placeholder')}
            {...fieldProblemProps(`${id}-job-title-error`, jobTitleError, `${id}-job-title-hint`)}
            className={`${inputClass} mt-3`}
            defaultValue={defaultValues.jobTitle}
            {...register('jobTitle')}
          />
          <FieldProblem
            id={`${id}-job-title-error`}
            problem={
              jobTitleError &&
              (textRuleMessageText(jobTitleError.message) ??
                lengthProblem(jobTitleError, {
                  tooLong: t('errors.jobTitle.tooLong', { count: JOB_TITLE_MAX_LENGTH }),
                  missing: t('errors.jobTitle.required'),
                }))
            }
          />
        </Section>

        <Section>
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-language`} className="block font-semibold text-ink">
                {t('form.language.label')}
              </label>
              <p className="mt-1 text-sm text-slate-500">{t('form.language.hint')}</p>
              <select
                id={`${id}-language`}
                {...fieldProblemProps(`${id}-language-error`, languageError)}
                className={`${inputClass} mt-3 appearance-auto`}
                defaultValue={defaultValues.language}
                {...register('language')}
              >
                <option value="">{t('form.language.placeholder')}</option>
                {LANGUAGE_OPTIONS.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_NATIVE_NAMES[language]}
                  </option>
                ))}
              </select>
              <FieldProblem id={`${id}-language-error`} problem={languageError && t('errors.language')} />
            </div>
            <div>
              <label htmlFor={`${id}-accent`} className="block font-semibold text-ink">
                {t('form.accent.label')}{' '}
                <span className="text-sm font-normal text-slate-500">{t('form.optional')}</span>
              </label>
              <p className="mt-1 text-sm text-slate-500">{t('form.accent.hint')}</p>
              <input
                id={`${id}-accent`}
                type="text"
                placeholder={t('form.accent.placeholder')}
                {...fieldProblemProps(`${id}-accent-error`, accentError)}
                className={`${inputClass} mt-3`}
                defaultValue={defaultValues.accent}
                {...register('accent')}
              />
              <FieldProblem
                id={`${id}-accent-error`}
                problem={
                  accentError &&
                  (textRuleMessageText(accentError.message) ?? t('errors.accentTooLong', { count: ACCENT_MAX_LENGTH }))
                }
              />
            </div>
            {writesArabic && (
              <div>
                <label htmlFor={`${id}-arabic-variety`} className="block font-semibold text-ink">
                  {t('form.arabicVariety.label')}
                </label>
                <p className="mt-1 text-sm text-slate-500">{t('form.arabicVariety.hint')}</p>
                <select
                  id={`${id}-arabic-variety`}
                  className={`${inputClass} mt-3 appearance-auto`}
                  data-testid="arabic-variety"
                  defaultValue={defaultValues.arabicVariety}
                  {...register('arabicVariety')}
                >
                  {ARABIC_VARIETY_OPTIONS.map((variety) => (
                    <option key={variety} value={variety}>
                      {t(`form.arabicVariety.options.${variety}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div>
              <label htmlFor={`${id}-register`} className="block font-semibold text-ink">
                {t('form.register.label')}
              </label>
              <p className="mt-1 text-sm text-slate-500">{t('form.register.hint')}</p>
              <select
                id={`${id}-register`}
                className={`${inputClass} mt-3 appearance-auto`}
                data-testid="register"
                defaultValue={defaultValues.register}
                {...register('register')}
              >
                {REGISTER_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {t(`form.register.options.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </Section>

        <Section>
          <Controller
            control={control}
            name="tones"
            render={({ field, fieldState }) => (
              <OptionGroup
                id={`${id}-tones`}
                variant="page"
                legend={t('form.tones.label')}
                hint={t('form.tones.hint')}
                error={(fieldState.isDirty || isSubmitted) && fieldState.error ? t('errors.tones') : undefined}
                mode="single"
                options={TONE_OPTIONS}
                selected={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                label={(tone) => <ToneLabel tone={tone} />}
              />
            )}
          />
        </Section>

        {LISTS.map(({ field: name, options }) => (
          <Section key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <OptionGroup
                  id={`${id}-${name}`}
                  variant="page"
                  legend={t(`form.${name}.label`)}
                  hint={t(`form.${name}.hint`)}
                  error={(fieldState.isDirty || isSubmitted) && fieldState.error ? t(`errors.${name}`) : undefined}
                  mode="multiple"
                  options={options}
                  selected={(field.value as string[] | undefined) ?? []}
                  onChange={field.onChange}
                  disabled={readOnly}
                  label={(option) => t(`options.${name}.${option}`)}
                />
              )}
            />
          </Section>
        ))}
      </fieldset>
      {actions?.({ isValid, isDirty })}
    </form>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <div className="py-6 first:pt-0">{children}</div>;
}
