import {
  type ComposerChoices,
  GOAL_OPTIONS,
  INTEREST_OPTIONS,
  POST_FREQUENCY_OPTIONS,
  STYLE_OPTIONS,
  type TONE_EMOJI,
  TONE_OPTIONS,
} from '@nashr/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { RotateCcw, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChoicesState } from '../../lib/api/ai';
import { OptionGroup, ToneLabel } from '../../ui/option-chips';
import { Spinner } from '../../ui/spinner';

type ListField = 'goals' | 'styles' | 'tones' | 'interests';

const MULTI: { field: ListField; section: string; options: readonly string[] }[] = [
  { field: 'goals', section: 'goal', options: GOAL_OPTIONS },
  { field: 'styles', section: 'style', options: STYLE_OPTIONS },
  { field: 'tones', section: 'tone', options: TONE_OPTIONS },
];

/** Lists the user emptied fall back to the choices in effect: a generation needs at least one of each. */
export function completeChoices(choices: ComposerChoices, fallback: ComposerChoices): ComposerChoices {
  const pick = <K extends ListField>(field: K) => (choices[field].length > 0 ? choices[field] : fallback[field]);
  return {
    goals: pick('goals'),
    styles: pick('styles'),
    tones: pick('tones'),
    interests: pick('interests'),
    postFrequency: choices.postFrequency,
  };
}

const sameChoices = (a: ComposerChoices, b: ComposerChoices) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export interface PersonalizeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the service uses when the composer says nothing (saved, else from personalization, else defaults). */
  stored: ChoicesState | null;
  /** The stored choices are still on their way: the popup waits for them before showing any. */
  loading: boolean;
  /** The choices this composer session uses now. */
  applied: ComposerChoices;
  /** The close icon and Escape: keep the edits for this composer session, save nothing. */
  onApply: (choices: ComposerChoices) => void;
  /** 'Save Changes': keep them for this user. */
  onSave: (choices: ComposerChoices) => Promise<unknown>;
  saving: boolean;
}

/**
 * The composer's Personalize popup (spec sections 2 and 3). Unlike the spec, where every button
 * only closes it, the choices shape the next generation; 'Revert' puts back the stored choices,
 * 'Save Changes' keeps them for the user, and the close icon keeps them for this session only.
 * The spec's 'Custom' buttons did nothing and are left out.
 */
export function PersonalizeDialog(props: PersonalizeDialogProps) {
  const { open, onOpenChange } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        {/* Mounted only while open, so each opening starts from the choices in effect. */}
        {open &&
          (props.loading ? <LoadingContent onClose={() => onOpenChange(false)} /> : <PersonalizeContent {...props} />)}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PersonalizeContent({ onOpenChange, stored, applied, onApply, onSave, saving }: PersonalizeDialogProps) {
  const { t } = useTranslation('composer');
  const { t: tOptions } = useTranslation('onboarding');
  const id = useId();
  const [draft, setDraft] = useState<ComposerChoices>(applied);
  const storedChoices = stored?.choices ?? applied;
  const emptyLists = (['goals', 'styles', 'tones', 'interests'] as const).filter((field) => draft[field].length === 0);
  const valid = emptyLists.length === 0;

  const setList = (field: ListField, values: string[]) =>
    setDraft((current) => ({ ...current, [field]: values as ComposerChoices[typeof field] }));

  const closeKeepingEdits = () => {
    onApply(completeChoices(draft, applied));
    onOpenChange(false);
  };

  const save = async () => {
    if (!valid) return;
    try {
      await onSave(draft);
    } catch {
      toast.error(t('personalize.saveFailed'));
      return;
    }
    toast.success(t('personalize.saved'));
    onApply(draft);
    onOpenChange(false);
  };

  const optionLabel = (field: ListField, option: string): ReactNode =>
    field === 'tones' ? <ToneLabel tone={option as keyof typeof TONE_EMOJI} /> : tOptions(`options.${field}.${option}`);

  const section = (field: ListField, name: string, options: readonly string[]) => (
    <OptionGroup
      key={field}
      id={`${id}-${field}`}
      variant="sheet"
      legend={t(`personalize.${name}`)}
      hint={t('personalize.multiHint')}
      error={draft[field].length === 0 ? t('personalize.required') : undefined}
      mode="multiple"
      options={options}
      selected={draft[field] as readonly string[]}
      onChange={(values) => setList(field, values)}
      label={(option) => optionLabel(field, option)}
    />
  );

  return (
    <Dialog.Content
      data-testid="personalize-dialog"
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        closeKeepingEdits();
      }}
      onPointerDownOutside={(event) => {
        event.preventDefault();
        closeKeepingEdits();
      }}
      className={sheetClass}
    >
      <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0 flex-1">
          <Dialog.Title className="text-lg font-semibold text-ink">{t('personalize.title')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm leading-6 text-slate-600">
            {t('personalize.description')}
          </Dialog.Description>
          {stored && (
            <p className="mt-2 inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
              {t(`personalize.source.${stored.source}`)}
            </p>
          )}
          {!stored && (
            <p className="mt-2 text-xs text-amber-700" role="status">
              {t('personalize.loadFailed')}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={closeKeepingEdits}
          aria-label={t('personalize.close')}
          title={t('personalize.close')}
          className="-me-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
          data-testid="personalize-close"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div className="flex-1 divide-y divide-slate-100 overflow-y-auto px-5 sm:px-6">
        {MULTI.map(({ field, section: name, options }) => section(field, name, options))}
        <OptionGroup
          id={`${id}-frequency`}
          variant="sheet"
          legend={t('personalize.frequency')}
          hint={t('personalize.singleHint')}
          mode="single"
          options={POST_FREQUENCY_OPTIONS}
          selected={[draft.postFrequency]}
          onChange={([value]) => value && setDraft((current) => ({ ...current, postFrequency: value }))}
          label={(option) => t(`personalize.frequencies.${option}`)}
        />
        {section('interests', 'interests', INTEREST_OPTIONS)}
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 px-5 py-4 sm:px-6">
        <button
          type="button"
          onClick={() => setDraft(storedChoices)}
          disabled={saving || sameChoices(draft, storedChoices)}
          className="me-auto inline-flex items-center gap-2 rounded-xl px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="personalize-revert"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('personalize.revert')}
        </button>
        <button
          type="button"
          onClick={() => void save()}
          disabled={!valid || saving}
          aria-busy={saving}
          className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          data-testid="personalize-save"
        >
          {saving ? t('personalize.saving') : t('personalize.save')}
        </button>
      </div>
    </Dialog.Content>
  );
}

const sheetClass =
  'fixed inset-x-0 bottom-0 z-[60] flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl outline-none sm:inset-0 sm:m-auto sm:h-fit sm:max-h-[88dvh] sm:w-[min(40rem,calc(100vw-2rem))] sm:rounded-3xl';

function LoadingContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('composer');
  return (
    <Dialog.Content
      data-testid="personalize-dialog"
      aria-busy="true"
      aria-describedby={undefined}
      className={sheetClass}
    >
      <div className="flex items-center gap-3 px-5 py-4 sm:px-6">
        <Dialog.Title className="flex-1 text-lg font-semibold text-ink">{t('personalize.title')}</Dialog.Title>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('personalize.close')}
          className="-me-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex justify-center px-5 pt-6 pb-12">
        <Spinner label={t('personalize.loading')} />
      </div>
    </Dialog.Content>
  );
}
