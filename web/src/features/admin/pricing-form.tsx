import { type PricingBlock, pricingBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxItems, maxLength } from './block-rules';
import { CheckboxField, FieldGrid, FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { HeadingFields } from './heading-fields';
import { ListEditor } from './list-editor';

const heading = pricingBlockSchema.shape.heading.shape;
const plans = pricingBlockSchema.shape.plans;
const plan = plans.element.shape;
const feature = plan.features.element.shape;

export function PricingForm({ value, onChange, items }: BlockFormProps<PricingBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <>
      <HeadingFields
        value={value.heading}
        onChange={set('heading')}
        max={{ badge: maxLength(heading.badge), title: maxLength(heading.title) }}
      />
      <FormSection title={t('sections.plans')} hint={t('sections.plansHint')}>
        <ListEditor
          kind="plan"
          path="plans"
          items={value.plans}
          onChange={set('plans')}
          create={items.plan}
          max={maxItems(plans)}
          describe={(entry) => [entry.name, entry.price].filter(Boolean).join(' · ')}
          renderItem={(entry, index, update) => {
            const setPlan = patcher(entry, update);
            const at = `plans.${index}`;
            return (
              <div className="flex flex-col gap-5">
                <FieldGrid>
                  <TextField
                    label={t('fields.name')}
                    path={`${at}.name`}
                    value={entry.name}
                    onChange={setPlan('name')}
                    max={maxLength(plan.name)}
                  />
                  <TextField
                    label={t('fields.price')}
                    path={`${at}.price`}
                    value={entry.price}
                    onChange={setPlan('price')}
                    max={maxLength(plan.price)}
                    hint={
                      entry.planId ? t('fields.priceFromPlan', { plan: t(`billing:plans.${entry.planId}`) }) : undefined
                    }
                  />
                  <TextField
                    label={t('fields.description')}
                    path={`${at}.description`}
                    value={entry.description}
                    onChange={setPlan('description')}
                    max={maxLength(plan.description)}
                    multiline
                    rows={2}
                    optional
                    className="sm:col-span-2"
                  />
                  <CheckboxField
                    label={t('fields.highlighted')}
                    hint={t('fields.highlightedHint')}
                    checked={entry.highlighted}
                    onChange={setPlan('highlighted')}
                  />
                  <CheckboxField
                    label={t('fields.premium')}
                    hint={t('fields.premiumHint')}
                    checked={entry.isPremium}
                    onChange={setPlan('isPremium')}
                  />
                  <TextField
                    label={t('fields.buttonClass')}
                    hint={t('fields.buttonClassHint')}
                    path={`${at}.buttonClass`}
                    value={entry.buttonClass}
                    onChange={setPlan('buttonClass')}
                    kind="code"
                    optional
                  />
                </FieldGrid>
                <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-800">{t('fields.planFeatures')}</legend>
                  <ListEditor
                    kind="planFeature"
                    variant="row"
                    path={`${at}.features`}
                    items={entry.features}
                    onChange={setPlan('features')}
                    create={items.planFeature}
                    max={maxItems(plan.features)}
                    renderItem={(line, lineIndex, updateLine) => (
                      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
                        <TextField
                          label={t('fields.featureName')}
                          path={`${at}.features.${lineIndex}.name`}
                          value={line.name}
                          onChange={(name) => updateLine({ ...line, name })}
                          max={maxLength(feature.name)}
                          className="min-w-40 flex-1"
                        />
                        <CheckboxField
                          label={t('fields.included')}
                          checked={line.included}
                          onChange={(included) => updateLine({ ...line, included })}
                          className="pb-2.5"
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
