import { type FeatureBlock, featureBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxItems, maxLength } from './block-rules';
import { FieldGrid, FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { HeadingFields } from './heading-fields';
import { IconSelect } from './icon-select';
import { ImageField } from './image-field';
import { ListEditor } from './list-editor';

const heading = featureBlockSchema.shape.heading.shape;
const main = featureBlockSchema.shape.feature.shape;
const extra = featureBlockSchema.shape.additionalFeatures;
const extraItem = extra.element.shape;

export function FeatureForm({ value, onChange, items }: BlockFormProps<FeatureBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  const feature = value.feature;
  const setFeature = patcher(feature, set('feature'));
  return (
    <>
      <HeadingFields
        value={value.heading}
        onChange={set('heading')}
        max={{ badge: maxLength(heading.badge), title: maxLength(heading.title) }}
      />
      <FormSection title={t('sections.mainFeature')} hint={t('sections.mainFeatureHint')}>
        <FieldGrid>
          <IconSelect path="feature.icon" value={feature.icon} onChange={setFeature('icon')} />
          <TextField
            label={t('fields.title')}
            path="feature.title"
            value={feature.title}
            onChange={setFeature('title')}
            max={maxLength(main.title)}
          />
          <TextField
            label={t('fields.description')}
            path="feature.description"
            value={feature.description}
            onChange={setFeature('description')}
            max={maxLength(main.description)}
            multiline
            optional
            className="sm:col-span-2"
          />
          <TextField
            label={t('fields.buttonText')}
            path="feature.buttonText"
            value={feature.buttonText}
            onChange={setFeature('buttonText')}
            max={maxLength(main.buttonText)}
            optional
          />
          <TextField
            label={t('fields.peopleBadge')}
            path="feature.peopleBadge"
            value={feature.peopleBadge}
            onChange={setFeature('peopleBadge')}
            max={maxLength(main.peopleBadge)}
            optional
          />
          <TextField
            label={t('fields.demoText')}
            path="feature.demoText"
            value={feature.demoText}
            onChange={setFeature('demoText')}
            max={maxLength(main.demoText)}
            multiline
            optional
            className="sm:col-span-2"
          />
          <TextField
            label={t('fields.statsCount')}
            path="feature.stats.count"
            value={feature.stats.count}
            onChange={(count) => setFeature('stats')({ ...feature.stats, count })}
            max={maxLength(main.stats.shape.count)}
            optional
          />
          <TextField
            label={t('fields.statsText')}
            path="feature.stats.text"
            value={feature.stats.text}
            onChange={(text) => setFeature('stats')({ ...feature.stats, text })}
            max={maxLength(main.stats.shape.text)}
            optional
          />
          <div className="sm:col-span-2">
            <ImageField
              label={t('fields.image')}
              path="feature.image"
              value={feature.image}
              onChange={setFeature('image')}
            />
          </div>
        </FieldGrid>
      </FormSection>
      <FormSection title={t('sections.additionalFeatures')} hint={t('sections.additionalFeaturesHint')}>
        <ListEditor
          kind="additionalFeature"
          path="additionalFeatures"
          items={value.additionalFeatures}
          onChange={set('additionalFeatures')}
          create={items.additionalFeature}
          max={maxItems(extra)}
          describe={(item) => item.title}
          renderItem={(item, index, update) => {
            const setItem = patcher(item, update);
            const at = `additionalFeatures.${index}`;
            return (
              <FieldGrid>
                <IconSelect path={`${at}.icon`} value={item.icon} onChange={setItem('icon')} />
                <TextField
                  label={t('fields.title')}
                  path={`${at}.title`}
                  value={item.title}
                  onChange={setItem('title')}
                  max={maxLength(extraItem.title)}
                />
                <TextField
                  label={t('fields.description')}
                  path={`${at}.description`}
                  value={item.description}
                  onChange={setItem('description')}
                  max={maxLength(extraItem.description)}
                  multiline
                  optional
                  className="sm:col-span-2"
                />
                <div className="sm:col-span-2">
                  <ImageField
                    label={t('fields.image')}
                    path={`${at}.image`}
                    value={item.image}
                    onChange={setItem('image')}
                  />
                </div>
              </FieldGrid>
            );
          }}
        />
      </FormSection>
    </>
  );
}
