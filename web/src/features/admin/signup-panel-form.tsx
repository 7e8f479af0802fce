import { type SignupPanelBlock, signupPanelBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { useAuthClientConfig } from '../../lib/api/auth';
import { maxItems, maxLength } from './block-rules';
import { CheckboxField, FieldGrid, FormSection, TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';
import { IconSelect } from './icon-select';
import { ListEditor } from './list-editor';

const shape = signupPanelBlockSchema.shape;
const benefit = shape.benefits.element.shape;
const quote = shape.quotes.element.shape;

/** The sign-up page's side panel: its text, what Nashr does, real people's words and the member count. */
export function SignupPanelForm({ value, onChange, items }: BlockFormProps<SignupPanelBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <>
      <FormSection title={t('sections.signupText')} hint={t('sections.signupTextHint')}>
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
            label={t('fields.headline')}
            path="headline"
            value={value.headline}
            onChange={set('headline')}
            max={maxLength(shape.headline)}
            multiline
            className="sm:col-span-2"
          />
        </FieldGrid>
      </FormSection>
      <FormSection title={t('sections.benefits')} hint={t('sections.benefitsHint')}>
        <ListEditor
          kind="benefit"
          path="benefits"
          items={value.benefits}
          onChange={set('benefits')}
          create={items.benefit}
          max={maxItems(shape.benefits)}
          describe={(item) => item.text}
          renderItem={(item, index, update) => {
            const setItem = patcher(item, update);
            return (
              <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
                <IconSelect path={`benefits.${index}.icon`} value={item.icon} onChange={setItem('icon')} />
                <TextField
                  label={t('fields.benefitText')}
                  path={`benefits.${index}.text`}
                  value={item.text}
                  onChange={setItem('text')}
                  max={maxLength(benefit.text)}
                />
              </div>
            );
          }}
        />
      </FormSection>
      <FormSection title={t('sections.quotes')} hint={t('sections.quotesHint')}>
        <ListEditor
          kind="quote"
          path="quotes"
          items={value.quotes}
          onChange={set('quotes')}
          create={items.quote}
          max={maxItems(shape.quotes)}
          describe={(item) => item.name}
          renderItem={(item, index, update) => {
            const setItem = patcher(item, update);
            return (
              <FieldGrid>
                <TextField
                  label={t('fields.quote')}
                  path={`quotes.${index}.quote`}
                  value={item.quote}
                  onChange={setItem('quote')}
                  max={maxLength(quote.quote)}
                  multiline
                  className="sm:col-span-2"
                />
                <TextField
                  label={t('fields.name')}
                  path={`quotes.${index}.name`}
                  value={item.name}
                  onChange={setItem('name')}
                  max={maxLength(quote.name)}
                />
                <TextField
                  label={t('fields.role')}
                  path={`quotes.${index}.role`}
                  value={item.role}
                  onChange={setItem('role')}
                  max={maxLength(quote.role)}
                  optional
                />
              </FieldGrid>
            );
          }}
        />
      </FormSection>
      <FormSection title={t('sections.memberCount')} hint={t('sections.memberCountHint')}>
        <CheckboxField
          label={t('fields.showMemberCount')}
          checked={value.showMemberCount}
          onChange={set('showMemberCount')}
          hint={useMemberCountNote()}
        />
      </FormSection>
    </>
  );
}

/** What the sign-up page would say now, as the auth service counts (in the interface language). */
function useMemberCountNote(): string | undefined {
  const { t } = useTranslation(['admin', 'auth']);
  const config = useAuthClientConfig();
  if (config.isPending) return undefined;
  if (!config.data) return t('fields.memberCountUnknown');
  const count = config.data.memberCount;
  if (count === null) return t('fields.memberCountTooFew');
  return t('fields.memberCountNow', { text: t('auth:signup.panel.members', { count }) });
}
