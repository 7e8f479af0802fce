import { type ContentIcon, contentIconSchema } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { ContentIcon as DrawnIcon } from '../../ui/content-icon';
import { inputClass, LabelledField } from './fields';

interface IconSelectProps {
  path: string;
  value: ContentIcon;
  onChange: (icon: ContentIcon) => void;
}

export function IconSelect({ path, value, onChange }: IconSelectProps) {
  const { t } = useTranslation('admin');
  return (
    <LabelledField path={path} label={t('fields.icon')}>
      {(control) => (
        <div className="flex items-center gap-2">
          <span
            className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600"
            aria-hidden="true"
          >
            <DrawnIcon name={value} className="size-5" />
          </span>
          <select
            {...control}
            value={value}
            onChange={(e) => onChange(contentIconSchema.parse(e.target.value))}
            className={inputClass}
          >
            {contentIconSchema.options.map((name) => (
              <option key={name} value={name}>
                {t(`icons.${name}`)}
              </option>
            ))}
          </select>
        </div>
      )}
    </LabelledField>
  );
}
