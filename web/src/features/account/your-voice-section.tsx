import {
  VOICE_EMOJI,
  VOICE_HASHTAGS,
  VOICE_LANGUAGES,
  VOICE_LENGTHS,
  VOICE_OPENERS,
  VOICE_PARAGRAPHS,
  type VoiceTraits,
} from '@nashr/contracts';
import { AudioLines, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../lib/api/auth';
import { errorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useCorrectVoice, useMeasureVoice, useVoice } from './voice-api';

const TRAITS = {
  opener: VOICE_OPENERS,
  paragraphs: VOICE_PARAGRAPHS,
  length: VOICE_LENGTHS,
  emoji: VOICE_EMOJI,
  hashtags: VOICE_HASHTAGS,
  language: VOICE_LANGUAGES,
} as const satisfies { [K in keyof VoiceTraits]: readonly VoiceTraits[K][] };
type Trait = keyof typeof TRAITS;
const TRAIT_NAMES = Object.keys(TRAITS) as Trait[];

/** The personalization page's 'Your voice': how the user writes, in plain words, and their corrections. */
export function YourVoiceSection() {
  const { t } = useTranslation('voice');
  const id = useId();
  const [measuringSince, setMeasuringSince] = useState<string | null | undefined>(undefined);
  const voice = useVoice({ measuring: measuringSince !== undefined });
  const correct = useCorrectVoice();
  const measure = useMeasureVoice();
  const current = voice.data;
  // Asking to connect the network account is for those who have not: the others only need the button.
  const connected = useSession().user?.linkedinConnected ?? false;

  // A new measure has arrived once its time differs from the one before the request.
  useEffect(() => {
    if (measuringSince !== undefined && current && current.measuredAt !== measuringSince) {
      setMeasuringSince(undefined);
      toast.success(t('measured'));
    }
  }, [current, measuringSince, t]);

  const rebuild = async () => {
    const before = current?.measuredAt ?? null;
    try {
      await measure.mutateAsync();
      setMeasuringSince(before);
    } catch (error) {
      toast.error(`${t('measureFailed')} ${errorText(error)}`);
    }
  };

  const change = async (trait: Trait, value: string) => {
    try {
      await correct.mutateAsync({ [trait]: value === '' ? null : value });
      toast.success(t('saved'));
    } catch (error) {
      toast.error(`${t('saveFailed')} ${errorText(error)}`);
    }
  };

  const measuring = measure.isPending || measuringSince !== undefined;
  const traits = current?.traits;

  return (
    <section
      id="voice"
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="your-voice"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-ink">
            <AudioLines aria-hidden="true" className="size-5 text-brand-600" />
            {t('title')}
          </h2>
          <p className="mt-1 text-sm leading-6 text-slate-600">{t('description')}</p>
        </div>
        <Button onClick={() => void rebuild()} disabled={measuring} variant="secondary" data-testid="voice-rebuild">
          {measuring ? <Spinner className="size-4 border-2" /> : <RefreshCw aria-hidden="true" className="size-4" />}
          {measuring ? t('measuring') : traits ? t('rebuild') : t('build')}
        </Button>
      </div>
      {voice.isError ? (
        <p className="mt-4 text-sm text-red-700">{t('loadFailed')}</p>
      ) : !current ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : !traits ? (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="voice-missing">
          {current.missing === 'too-few-posts'
            ? t('missing.tooFewPosts', { count: current.measures?.posts ?? 0, min: current.minPosts })
            : t(connected ? 'missing.notMeasuredConnected' : 'missing.notMeasured', { count: current.minPosts })}
        </p>
      ) : (
        <>
          <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 leading-7 text-brand-900" data-testid="voice-summary">
            {t('summary', {
              opener: t(`opener.${traits.opener}`),
              paragraphs: t(`paragraphs.${traits.paragraphs}`),
              length: t(`length.${traits.length}`),
              emoji: t(`emoji.${traits.emoji}`),
              hashtags: t(`hashtags.${traits.hashtags}`),
            })}
          </p>
          {current.measures && (
            <p className="mt-2 text-xs text-slate-500" data-testid="voice-measures">
              {t('basis', { count: current.measures.posts, chars: current.measures.averageChars })}
              {current.measures.themes.length > 0 &&
                ` ${t('themes', { words: current.measures.themes.slice(0, 5).join('، ') })}`}
            </p>
          )}
          <h3 className="mt-5 text-sm font-semibold text-slate-800">{t('correctTitle')}</h3>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {TRAIT_NAMES.map((trait) => (
              <label key={trait} className="flex flex-col gap-1 text-sm text-slate-700">
                {t(`trait.${trait}`)}
                <select
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2"
                  value={current.corrections[trait] ?? ''}
                  disabled={correct.isPending}
                  onChange={(event) => void change(trait, event.target.value)}
                  data-testid={`voice-${trait}`}
                >
                  <option value="">
                    {t('asMeasured', {
                      value: current.measured ? t(`choice.${trait}.${current.measured[trait]}`) : '',
                    })}
                  </option>
                  {TRAITS[trait].map((value) => (
                    <option key={value} value={value}>
                      {t(`choice.${trait}.${value}`)}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
