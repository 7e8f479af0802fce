import { generateRequestSchema, type LibraryFormat, MAX_TOPIC_CHARS } from '@nashr/contracts';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { DialogFrame, fieldClass } from '../../ui/dialog-frame';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { useComposer } from '../composer';
import { structureTraits, structureWords } from './like-this';

/** The dialog's one field, with the catalogue's rule for a post's topic. */
const topicForm = z.object({ topic: generateRequestSchema.shape.topic });

/**
 * 'Write a post like this': asks for the user's topic first, then opens the composer with the AI
 * writing on that topic in the example's structure (sent as named traits beside the topic). The
 * post box stays empty until the AI's post arrives: no instruction is ever put where the post goes.
 */
export function LikeThisButton({ post, testId }: { post: { body: string; format?: LibraryFormat }; testId: string }) {
  const { t } = useTranslation('library');
  const composer = useComposer();
  const id = useId();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(topicForm, { defaultValues: { topic: '' } });
  // Its length is held by the field itself: the one rule left to say is that a topic is needed.
  const missing = errors.topic !== undefined;
  const traits = structureTraits(post.body);
  const traitWords = structureWords(traits, t);

  const submit = handleSubmit(({ topic }) => {
    setOpen(false);
    composer.open({ aiRequest: { kind: 'generate', topic, structure: traits } });
  });

  return (
    <>
      <Button
        onClick={() => {
          reset();
          setOpen(true);
        }}
        variant="primary"
        data-testid={testId}
      >
        <Sparkles aria-hidden="true" className="size-4" />
        {t('inspiration.likeThis')}
      </Button>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title={t('likeThis.title')}
        description={
          post.format
            ? t('likeThis.descriptionFormat', { format: t(`kinds.${post.format}`), traits: traitWords })
            : t('likeThis.description', { traits: traitWords })
        }
        closeLabel={t('likeThis.cancel')}
        testId="like-this-dialog"
      >
        <form onSubmit={submit} className="space-y-4 px-5 py-5 sm:px-6" noValidate>
          <div>
            <label htmlFor={`${id}-topic`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('likeThis.topic')}
            </label>
            <input
              id={`${id}-topic`}
              {...register('topic')}
              maxLength={MAX_TOPIC_CHARS}
              placeholder={t('likeThis.topicPlaceholder')}
              dir="auto"
              {...fieldProblemProps(`${id}-missing`, missing)}
              className={fieldClass}
              data-testid="like-this-topic"
            />
            <FieldProblem id={`${id}-missing`} problem={missing && t('likeThis.needTopic')} />
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)} variant="secondary" size="lg">
              {t('likeThis.cancel')}
            </Button>
            <Button type="submit" variant="primary" size="lg" data-testid="like-this-write">
              <Sparkles aria-hidden="true" className="size-4" />
              {t('likeThis.write')}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </>
  );
}
