import {
  CREDITS,
  type FullProfile,
  MAX_ABOUT_CHARS,
  MAX_HEADLINE_CHARS,
  type ProfileReview,
  type ProfileSuggestion,
  profileReviewRequestSchema,
} from '@nashr/contracts';
import { Copy, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProfileReview } from '../../lib/api/advice';
import { copyText } from '../../lib/copy-text';
import { errorText, schemaProblem } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { DialogFrame, fieldClass } from '../../ui/dialog-frame';
import { FieldProblem } from '../../ui/field-problem';
import { Spinner } from '../../ui/spinner';

/**
 * Optimize Profile: the headline, About section and skills (from the network profile, or pasted
 * where the network does not share them) reviewed against the user's goals and audience, with a
 * rewrite and its reason per field and a Copy button for each.
 */
export function OptimizeProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: FullProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const review = useProfileReview();
  const [headline, setHeadline] = useState(profile.headline ?? '');
  const [about, setAbout] = useState(profile.summary ?? '');
  const [skills, setSkills] = useState(profile.skills.map((skill) => skill.name).join('\n'));
  const [result, setResult] = useState<ProfileReview | null>(null);
  const ids = { headline: useId(), about: useId(), skills: useId(), error: useId() };

  /** What the catalogue's rules say of the fields, before anything is sent (nothing to review, too long). */
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (review.isPending) return;
    const request = {
      headline,
      about,
      skills: skills
        .split('\n')
        .map((skill) => skill.trim())
        .filter(Boolean),
      lang: i18n.language === 'en' ? ('en' as const) : ('ar' as const),
    };
    const found = schemaProblem(i18n, profileReviewRequestSchema, request);
    setProblem(found);
    if (found) return review.reset();
    review.mutate(request, { onSuccess: setResult });
  };
  const shownError = problem ?? (review.error ? errorText(review.error) : null);

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('optimize.title')}
      description={t('optimize.description', { count: CREDITS.costPerPost })}
      closeLabel={t('optimize.close')}
      testId="optimize-profile-dialog"
      busy={review.isPending}
    >
      {result ? (
        <ReviewResult
          review={result}
          onAgain={() => {
            setResult(null);
            review.reset();
          }}
        />
      ) : (
        <form onSubmit={submit} className="space-y-4 px-5 py-5 sm:px-6" noValidate>
          {profile.limited_access && (
            <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800" data-testid="optimize-paste-note">
              {t('optimize.pasteNote')}
            </p>
          )}
          <div>
            <label htmlFor={ids.headline} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('optimize.headline')}
            </label>
            <input
              id={ids.headline}
              value={headline}
              onChange={(event) => setHeadline(event.target.value)}
              maxLength={MAX_HEADLINE_CHARS}
              dir="auto"
              className={fieldClass}
              data-testid="optimize-headline"
            />
          </div>
          <div>
            <label htmlFor={ids.about} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('optimize.about')}
            </label>
            <textarea
              id={ids.about}
              value={about}
              onChange={(event) => setAbout(event.target.value)}
              maxLength={MAX_ABOUT_CHARS}
              rows={5}
              dir="auto"
              className={fieldClass}
              data-testid="optimize-about"
            />
          </div>
          <div>
            <label htmlFor={ids.skills} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('optimize.skills')}
            </label>
            <textarea
              id={ids.skills}
              value={skills}
              onChange={(event) => setSkills(event.target.value)}
              rows={3}
              dir="auto"
              aria-describedby={`${ids.skills}-hint`}
              className={fieldClass}
              data-testid="optimize-skills"
            />
            <p id={`${ids.skills}-hint`} className="mt-1 text-xs text-slate-500">
              {t('optimize.skillsHint')}
            </p>
          </div>
          <FieldProblem id={ids.error} problem={shownError} data-testid="optimize-error" />
          <div className="flex justify-end">
            <Button type="submit" disabled={review.isPending} variant="primary" size="lg" data-testid="optimize-run">
              {review.isPending ? (
                <Spinner className="size-4 border-2" />
              ) : (
                <Sparkles aria-hidden="true" className="size-4" />
              )}
              {review.isPending ? t('optimize.running') : t('optimize.run')}
            </Button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}

function ReviewResult({ review, onAgain }: { review: ProfileReview; onAgain: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-4 px-5 py-5 sm:px-6" data-testid="optimize-result">
      {review.offline && (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="optimize-offline">
          {t('optimize.offline')}
        </p>
      )}
      <ul className="space-y-3">
        {review.suggestions.map((suggestion) => (
          <SuggestionCard key={`${suggestion.field}:${suggestion.suggestion}`} suggestion={suggestion} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-500" data-testid="optimize-credits">
          {t('optimize.creditsLeft', { remaining: review.credits.remaining })}
        </p>
        <Button onClick={onAgain} variant="secondary" size="lg" data-testid="optimize-again">
          {t('optimize.again')}
        </Button>
      </div>
    </div>
  );
}

function SuggestionCard({ suggestion }: { suggestion: ProfileSuggestion }) {
  const { t } = useTranslation('profile');
  const field = t(`optimize.fields.${suggestion.field}`);
  const copy = async () => {
    if (await copyText(suggestion.suggestion)) toast.success(t('optimize.copied', { field }));
    else toast.error(t('optimize.copyFailed'));
  };
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="optimize-suggestion"
      data-field={suggestion.field}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-brand-700">{field}</h3>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t('optimize.copyLabel', { field })}
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
          data-testid="optimize-copy"
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('optimize.copy')}
        </button>
      </div>
      <p
        dir="auto"
        className="mt-2 whitespace-pre-line break-words leading-7 text-slate-800"
        data-testid="optimize-text"
      >
        {suggestion.suggestion}
      </p>
      <p dir="auto" className="mt-2 text-sm text-slate-500">
        <span className="font-medium text-slate-600">{t('optimize.why')}</span> {suggestion.reason}
      </p>
    </li>
  );
}
