import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Language } from '../../i18n';
import { type PersonalizationPayload, sessionQuery, useSavePersonalization, useSession } from '../../lib/api/auth';
import { clearDraft, readDraft, writeDraft } from '../../lib/session-draft';
import { nextStep } from '../../session/rules';
import { BusyOverlay, FlowHeader } from '../onboarding';
import { PersonalizationForm } from './personalization-form';
import { emptyValues, type PersonalizationFormValues, restoredValues } from './values';

/** /personalize (spec section 4); the route's onboarding rule keeps visitors and full users out. */
export function PersonalizePage() {
  const { t, i18n } = useTranslation('onboarding');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSavePersonalization();
  const { user } = useSession();
  const draftKey = `onboarding:${user?.id ?? 'anonymous'}`;
  // The post language starts as the interface language at the moment the form opens; answers
  // given before a reload come back.
  const [defaults] = useState(() => {
    const empty = emptyValues(i18n.language as Language);
    return restoredValues(readDraft(draftKey, z.unknown()), empty) ?? empty;
  });
  const keepAnswers = useCallback(
    (values: Partial<PersonalizationFormValues>) => writeDraft(draftKey, values),
    [draftKey],
  );

  const onSubmit = async (values: PersonalizationPayload) => {
    try {
      await save.mutateAsync(values);
    } catch {
      // The spec only logged this failure; people need to know their answers were not saved.
      toast.error(t('saveFailed'));
      return;
    }
    clearDraft(draftKey);
    // Spec section 4: success leads to /dashboard. An account that is not connected yet still has
    // that step ahead of it, so it goes there rather than bouncing off the protected area.
    await navigate({ to: nextStep(queryClient.getQueryData(sessionQuery.queryKey)) });
  };

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 via-white to-white">
      <FlowHeader className="mx-auto w-full max-w-3xl px-5 py-5 sm:px-8" />
      <main className="mx-auto w-full max-w-3xl px-5 pb-16 sm:px-8">
        <div className="pt-2 sm:pt-6">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('onboarding.title')}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{t('onboarding.intro')}</p>
        </div>
        <div className="mt-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-10">
          <PersonalizationForm
            id="onboarding"
            defaultValues={defaults}
            onSubmit={onSubmit}
            onValuesChange={keepAnswers}
            actions={({ isValid }) => (
              <div className="mt-2 border-t border-slate-100 pt-6">
                <button
                  type="submit"
                  // Spec section 5: until every required field is filled the button looks disabled and ignores clicks.
                  disabled={!isValid || save.isPending}
                  className="w-full rounded-xl bg-brand-600 px-6 py-3.5 text-lg font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none sm:w-auto sm:min-w-56"
                >
                  {t('onboarding.submit')}
                </button>
                {!isValid && <p className="mt-3 text-sm text-slate-500">{t('onboarding.incomplete')}</p>}
              </div>
            )}
          />
        </div>
      </main>
      {save.isPending && <BusyOverlay label={t('onboarding.saving')} />}
    </div>
  );
}
