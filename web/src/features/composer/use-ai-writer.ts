import { type ComposerChoices, type Locale, MAX_TOPIC_CHARS } from '@nashr/contracts';
import { type Dispatch, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type DraftRequest, useDraftStream } from '../../lib/api/ai';
import type { ComposerAction } from './composer-state';
import { type AiFailure, explainDraftFailure } from './draft-failure';

/**
 * What 'Write with AI' asks for, from what the user typed; null when nothing is typed yet. More
 * than a topic means the user wrote a post, so AI makes it better instead.
 */
export function requestFromTyped(typed: string): DraftRequest | null {
  const topic = typed.trim();
  if (!topic) return null;
  return topic.length > MAX_TOPIC_CHARS ? { kind: 'rewrite', text: topic } : { kind: 'generate', topic };
}

/**
 * The composer's AI: streams a draft (a new one, a rewrite or an adjustment), adds it as a
 * version when it completes, and says why when none came. A cancelled run says nothing.
 */
export function useAiWriter(dispatch: Dispatch<ComposerAction>, choices: ComposerChoices | null) {
  const { t, i18n } = useTranslation('composer');
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  const stream = useDraftStream();
  const [failure, setFailure] = useState<AiFailure | null>(null);

  const run = async (request: DraftRequest) => {
    setFailure(null);
    try {
      const draft = await stream.run(request, { choices: choices ?? undefined, lang });
      dispatch({ type: 'addVersion', draft });
    } catch (error) {
      const explained = explainDraftFailure(error);
      if (!explained) return;
      setFailure(explained);
      toast.error(t(explained.key, explained.params));
    }
  };

  return {
    stream,
    failure,
    dismissFailure: () => setFailure(null),
    /** 'Write with AI' pressed with nothing typed: a hint instead of a failure. */
    askForTopic: () => setFailure({ key: 'composer:ai.needTopic' }),
    run,
  };
}
