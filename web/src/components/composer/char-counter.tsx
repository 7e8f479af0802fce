import { MAX_POST_LENGTH } from '@nashr/contracts';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Spec sections 2 and 9: the counter shows 1,000 characters; the network itself accepts 3,000. */
export const SUGGESTED_POST_LENGTH = 1000;

const format = (value: number) => value.toLocaleString('en');

export type LengthState = 'ok' | 'over' | 'tooLong';

export function lengthState(count: number): LengthState {
  if (count > MAX_POST_LENGTH) return 'tooLong';
  if (count > SUGGESTED_POST_LENGTH) return 'over';
  return 'ok';
}

/** The counter under the text, and why a long post is still fine (or no longer is). */
export function CharCounter({ count, id }: { count: number; id: string }) {
  const { t } = useTranslation('composer');
  const state = lengthState(count);
  const colour = state === 'tooLong' ? 'text-red-700' : state === 'over' ? 'text-amber-700' : 'text-slate-500';
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs">
      <p id={id} role="status" className={`min-w-0 flex-1 ${colour}`} data-testid="length-warning">
        {state !== 'ok' && (
          <span className="inline-flex items-start gap-1.5">
            <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            {t(state === 'tooLong' ? 'counter.tooLong' : 'counter.over', {
              limit: format(SUGGESTED_POST_LENGTH),
              max: format(MAX_POST_LENGTH),
            })}
          </span>
        )}
      </p>
      <p className={`shrink-0 font-medium tabular-nums ${colour}`} data-testid="char-counter" data-state={state}>
        <bdi aria-hidden="true">
          {t('counter.count', { chars: format(count), limit: format(SUGGESTED_POST_LENGTH) })}
        </bdi>
        <span className="sr-only">
          {t('counter.label', { chars: format(count), limit: format(SUGGESTED_POST_LENGTH) })}
        </span>
      </p>
    </div>
  );
}
