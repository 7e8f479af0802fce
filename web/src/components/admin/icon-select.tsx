import { type ContentIcon, contentIconSchema } from '@nashr/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentIcon as DrawnIcon } from '../landing/content-icon';
import { FieldError, inputClass, useFieldIssue } from './fields';

interface IconSelectProps {
  path: string;
  value: ContentIcon;
  onChange: (icon: ContentIcon) => void;
}

export function IconSelect({ path, value, onChange }: IconSelectProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const issue = useFieldIssue(path);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('fields.icon')}
      </label>
      <div className="flex items-center gap-2">
        <span
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600"
          aria-hidden="true"
        >
          <DrawnIcon name={value} className="size-5" />
        </span>
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(contentIconSchema.parse(e.target.value))}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? `${id}-error` : undefined}
          className={inputClass}
        >
          {contentIconSchema.options.map((name) => (
            <option key={name} value={name}>
              {t(`icons.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} message={issue} />
    </div>
  );
}
