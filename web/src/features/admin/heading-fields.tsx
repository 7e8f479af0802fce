import { useTranslation } from 'react-i18next';
import { FieldGrid, FormSection, TextField } from './fields';

interface Heading {
  badge: string;
  title: string;
  description?: string;
}

interface HeadingFieldsProps<H extends Heading> {
  value: H;
  onChange: (next: H) => void;
  /** Limits of badge, title (and description) from the block's contract. */
  max: { badge?: number | undefined; title?: number | undefined; description?: number | undefined };
  path?: string;
}

/** The badge-and-title heading most sections start with. */
export function HeadingFields<H extends Heading>({ value, onChange, max, path = 'heading' }: HeadingFieldsProps<H>) {
  const { t } = useTranslation('admin');
  return (
    <FormSection title={t('sections.heading')} hint={t('sections.headingHint')}>
      <FieldGrid>
        <TextField
          label={t('fields.badge')}
          path={`${path}.badge`}
          value={value.badge}
          onChange={(badge) => onChange({ ...value, badge })}
          max={max.badge}
          optional
        />
        <TextField
          label={t('fields.title')}
          path={`${path}.title`}
          value={value.title}
          onChange={(title) => onChange({ ...value, title })}
          max={max.title}
        />
        {value.description !== undefined && (
          <TextField
            label={t('fields.description')}
            path={`${path}.description`}
            value={value.description}
            onChange={(description) => onChange({ ...value, description })}
            max={max.description}
            multiline
            optional
            className="sm:col-span-2"
          />
        )}
      </FieldGrid>
    </FormSection>
  );
}
