import { type HeroBlock, heroBlockSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { maxLength } from './block-rules';
import { TextField } from './fields';
import { type BlockFormProps, patcher } from './form-props';

const shape = heroBlockSchema.shape;

export function HeroForm({ value, onChange }: BlockFormProps<HeroBlock>) {
  const { t } = useTranslation('admin');
  const set = patcher(value, onChange);
  return (
    <div className="flex flex-col gap-5">
      <TextField
        label={t('fields.headline')}
        path="headline"
        value={value.headline}
        onChange={set('headline')}
        max={maxLength(shape.headline)}
      />
      <TextField
        label={t('fields.subheadline')}
        path="subheadline"
        value={value.subheadline}
        onChange={set('subheadline')}
        max={maxLength(shape.subheadline)}
        multiline
        optional
      />
    </div>
  );
}
