import { Pencil, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PersonalizationPayload, useSavePersonalization, useSession } from '../../lib/api/auth';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { DisplayPreferencesSection, YourDataSection, YourVoiceSection } from '../account';
import { NotificationPreferencesSection } from '../notifications';
import { PostingQueueSection } from '../queue';
import { PersonalizationForm } from './personalization-form';
import { valuesFrom } from './values';

/** /personalization: the saved answers, read-only until Edit (spec sections 2 and 4), and the user's own data. */
export function PersonalizationSettingsPage() {
  const { t } = useTranslation('onboarding');
  const { user } = useSession();
  const save = useSavePersonalization();
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const leaveGuard = useLeaveGuard(editing && dirty);
  // Remounting the form is how Revert and a finished save return it to the stored values.
  const [formVersion, setFormVersion] = useState(0);
  const stored = user?.personalization;

  const leaveEditing = () => {
    setEditing(false);
    setFormVersion((version) => version + 1);
  };

  const oneAtATime = useOneAtATime();

  const onSubmit = (values: PersonalizationPayload) => oneAtATime(() => saveAndSay(values));

  const saveAndSay = async (values: PersonalizationPayload) => {
    try {
      await save.mutateAsync(values);
    } catch {
      toast.error(t('settings.saveFailed'));
      return;
    }
    toast.success(t('settings.saved'));
    leaveEditing();
  };

  if (!stored) {
    // The protected area already requires saved personalization; this only guards a race.
    return <EmptyState icon={SlidersHorizontal} title={t('settings.title')} text={t('settings.missing')} />;
  }

  return (
    <div data-testid="personalization-settings" data-editing={editing}>
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
        actions={
          !editing && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('settings.edit')}
            </button>
          )
        }
      />
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {editing ? (
          <p className="mb-6 rounded-xl bg-brand-50 px-4 py-2.5 text-sm font-medium text-brand-800" role="status">
            {t('settings.editingNotice')}
          </p>
        ) : (
          <p className="mb-6 rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-600">
            {t('settings.readOnlyNotice')}
          </p>
        )}
        <PersonalizationForm
          key={formVersion}
          id="settings"
          defaultValues={valuesFrom(stored)}
          readOnly={!editing || save.isPending}
          onSubmit={onSubmit}
          onDirtyChange={setDirty}
          actions={({ isValid }) =>
            editing && (
              <div className="sticky bottom-0 -mx-6 mt-2 flex flex-wrap justify-end gap-3 border-t border-slate-100 bg-white/95 px-6 py-4 backdrop-blur sm:-mx-8 sm:px-8">
                <button
                  type="button"
                  onClick={leaveEditing}
                  disabled={save.isPending}
                  className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {t('settings.revert')}
                </button>
                <button
                  type="submit"
                  disabled={!isValid || save.isPending}
                  className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none"
                >
                  {save.isPending && <Spinner className="size-4 border-2" label={t('settings.saving')} />}
                  {save.isPending ? t('settings.saving') : t('settings.save')}
                </button>
              </div>
            )
          }
        />
      </div>
      <YourVoiceSection />
      <PostingQueueSection />
      <DisplayPreferencesSection />
      <NotificationPreferencesSection />
      {user && <YourDataSection email={user.email} />}
      <DiscardChangesDialog {...leaveGuard} />
    </div>
  );
}
