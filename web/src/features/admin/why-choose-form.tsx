import { type WhyChooseBlock, whyChooseBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxItems, maxLength } from './block-rules';
import { FieldGrid, FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { ListEditor } from './list-editor';

const shape = whyChooseBlockSchema.shape;
const stat = shape.stats.element.shape;

export function WhyChooseForm({ value, onChange, items }: BlockFormProps<WhyChooseBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <>
      <FormSection title={t('sections.whyChoose')} hint={t('sections.whyChooseHint')}>
        <FieldGrid>
          <TextField
            label={t('fields.badge')}
            path="badge"
            value={value.badge}
            onChange={set('badge')}
            max={maxLength(shape.badge)}
            optional
          />
          <TextField
            label={t('fields.title')}
            path="title"
            value={value.title}
            onChange={set('title')}
            max={maxLength(shape.title)}
          />
          <TextField
            label={t('fields.description')}
            path="description"
            value={value.description}
            onChange={set('description')}
            max={maxLength(shape.description)}
            multiline
            optional
            className="sm:col-span-2"
          />
        </FieldGrid>
      </FormSection>
      <FormSection title={t('sections.stats')} hint={t('sections.statsHint')}>
        <ListEditor
          kind="stat"
          path="stats"
          items={value.stats}
          onChange={set('stats')}
          create={items.stat}
          max={maxItems(shape.stats)}
          describe={(item) => item.value}
          renderItem={(item, index, update) => {
            const setItem = patcher(item, update);
            return (
              <div className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
                <TextField
                  label={t('fields.value')}
                  path={`stats.${index}.value`}
                  value={item.value}
                  onChange={setItem('value')}
                  max={maxLength(stat.value)}
                />
                <TextField
                  label={t('fields.description')}
                  path={`stats.${index}.description`}
                  value={item.description}
                  onChange={setItem('description')}
                  max={maxLength(stat.description)}
                  optional
                />
              </div>
            );
          }}
        />
      </FormSection>
    </>
  );
}
