import { type FaqBlock, faqBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxItems, maxLength } from './block-rules';
import { FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { HeadingFields } from './heading-fields';
import { ListEditor } from './list-editor';

const heading = faqBlockSchema.shape.heading.shape;
const faq = faqBlockSchema.shape.faqs.element.shape;

export function FaqForm({ value, onChange, items }: BlockFormProps<FaqBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <>
      <HeadingFields
        value={value.heading}
        onChange={set('heading')}
        max={{
          badge: maxLength(heading.badge),
          title: maxLength(heading.title),
          description: maxLength(heading.description),
        }}
      />
      <FormSection title={t('sections.faqs')} hint={t('sections.faqsHint')}>
        <ListEditor
          kind="faq"
          path="faqs"
          items={value.faqs}
          onChange={set('faqs')}
          create={items.faq}
          max={maxItems(faqBlockSchema.shape.faqs)}
          describe={(item) => item.question}
          renderItem={(item, index, update) => {
            const setItem = patcher(item, update);
            return (
              <div className="flex flex-col gap-4">
                <TextField
                  label={t('fields.question')}
                  path={`faqs.${index}.question`}
                  value={item.question}
                  onChange={setItem('question')}
                  max={maxLength(faq.question)}
                />
                <TextField
                  label={t('fields.answer')}
                  path={`faqs.${index}.answer`}
                  value={item.answer}
                  onChange={setItem('answer')}
                  max={maxLength(faq.answer)}
                  multiline
                  rows={4}
                />
              </div>
            );
          }}
        />
      </FormSection>
    </>
  );
}
