import { type TestimonialsBlock, testimonialsBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxItems, maxLength } from './block-rules';
import { ColorField } from './color-field';
import { CheckboxField, FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { HeadingFields } from './heading-fields';
import { ImageField } from './image-field';
import { ListEditor } from './list-editor';

const heading = testimonialsBlockSchema.shape.heading.shape;
const list = testimonialsBlockSchema.shape.testimonials;
const item = list.element.shape;
const badge = item.badges.element.shape;

export function TestimonialsForm({ value, onChange, items }: BlockFormProps<TestimonialsBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <>
      <HeadingFields
        value={value.heading}
        onChange={set('heading')}
        max={{ badge: maxLength(heading.badge), title: maxLength(heading.title) }}
      />
      <FormSection title={t('sections.testimonials')} hint={t('sections.testimonialsHint')}>
        <ListEditor
          kind="testimonial"
          path="testimonials"
          items={value.testimonials}
          onChange={set('testimonials')}
          create={items.testimonial}
          max={maxItems(list)}
          describe={(testimonial) => testimonial.name}
          renderItem={(testimonial, index, update) => {
            const setItem = patcher(testimonial, update);
            const at = `testimonials.${index}`;
            return (
              <div className="flex flex-col gap-5">
                <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                  <div className="flex flex-col gap-4">
                    <TextField
                      label={t('fields.name')}
                      path={`${at}.name`}
                      value={testimonial.name}
                      onChange={setItem('name')}
                      max={maxLength(item.name)}
                    />
                    <CheckboxField
                      label={t('fields.fullWidth')}
                      checked={testimonial.isFullWidth ?? false}
                      onChange={setItem('isFullWidth')}
                    />
                  </div>
                  <ImageField
                    label={t('fields.image')}
                    path={`${at}.image`}
                    value={testimonial.image}
                    onChange={setItem('image')}
                  />
                </div>
                <TextField
                  label={t('fields.description')}
                  path={`${at}.description`}
                  value={testimonial.description}
                  onChange={setItem('description')}
                  max={maxLength(item.description)}
                  multiline
                  rows={4}
                  optional
                />
                <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-800">{t('fields.badges')}</legend>
                  <ListEditor
                    kind="badge"
                    variant="row"
                    path={`${at}.badges`}
                    items={testimonial.badges}
                    onChange={setItem('badges')}
                    create={items.badge}
                    max={maxItems(item.badges)}
                    renderItem={(entry, badgeIndex, updateBadge) => (
                      <div className="flex flex-wrap items-start gap-3">
                        <TextField
                          label={t('fields.badgeText')}
                          path={`${at}.badges.${badgeIndex}.text`}
                          value={entry.text}
                          onChange={(text) => updateBadge({ ...entry, text })}
                          max={maxLength(badge.text)}
                          className="min-w-40 flex-1"
                        />
                        <ColorField
                          path={`${at}.badges.${badgeIndex}.background`}
                          value={entry.background}
                          onChange={(background) => updateBadge({ ...entry, background })}
                        />
                      </div>
                    )}
                  />
                </fieldset>
              </div>
            );
          }}
        />
      </FormSection>
    </>
  );
}
