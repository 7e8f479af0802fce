import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblem } from '../../ui/field-problem';
import { useFieldIssue } from './fields';

export type ListKind =
  | 'additionalFeature'
  | 'stat'
  | 'testimonial'
  | 'badge'
  | 'plan'
  | 'planFeature'
  | 'faq'
  | 'benefit'
  | 'quote';

interface ListEditorProps<T> {
  kind: ListKind;
  /** Dotted path of the list in the block (its own issues, e.g. too many items). */
  path: string;
  items: T[];
  onChange: (items: T[]) => void;
  create: () => T;
  max: number;
  renderItem: (item: T, index: number, update: (next: T) => void) => ReactNode;
  /** Extra words after the item's number in its header, e.g. a testimonial's name. */
  describe?: (item: T) => string;
  /** Cards carry a header with move and remove; rows are compact lines with remove only. */
  variant?: 'card' | 'row';
}

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

const iconButton =
  'grid size-8 place-items-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-800 disabled:pointer-events-none disabled:opacity-30';

/** A list with add, remove and reorder, used by every repeated part of a block. */
export function ListEditor<T>({
  kind,
  path,
  items,
  onChange,
  create,
  max,
  renderItem,
  describe,
  variant = 'card',
}: ListEditorProps<T>) {
  const { t } = useTranslation('admin');
  const issue = useFieldIssue(path);
  const addButton = useRef<HTMLButtonElement>(null);
  // Items have no ids of their own: stable keys keep each row's inputs attached to its item.
  const keys = useRef<string[]>([]);
  while (keys.current.length < items.length) keys.current.push(newKey());
  keys.current.length = items.length;
  const focusKey = useRef<string | null>(null);

  const name = (index: number) => t(`list.item.${kind}`, { number: index + 1 });
  const full = items.length >= max;

  const add = () => {
    const key = newKey();
    keys.current.push(key);
    focusKey.current = key;
    onChange([...items, create()]);
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    onChange(items.filter((_, i) => i !== index));
    addButton.current?.focus();
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(target, 0, item);
    const [key] = keys.current.splice(index, 1);
    if (key) keys.current.splice(target, 0, key);
    onChange(next);
  };
  const update = (index: number) => (value: T) => onChange(items.map((item, i) => (i === index ? value : item)));

  /** A new item takes the focus, so keyboard users land in what they just added. */
  const focusIfNew = (key: string) => (element: HTMLElement | null) => {
    if (!element || focusKey.current !== key) return;
    focusKey.current = null;
    element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    element.querySelector<HTMLElement>('input:not([type=hidden]):not(.hidden), textarea, select')?.focus();
  };

  const removeButton = (index: number) => (
    <button
      type="button"
      onClick={() => remove(index)}
      aria-label={t('list.remove', { item: name(index) })}
      title={t('list.remove', { item: name(index) })}
      className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
      data-testid={`remove-${kind}`}
    >
      <Trash2 aria-hidden="true" className="size-4" />
    </button>
  );

  return (
    <div className="flex flex-col gap-3" data-testid={`list-${kind}`}>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
          {t(`list.empty.${kind}`)}
        </p>
      ) : (
        <ol className={variant === 'card' ? 'flex flex-col gap-4' : 'flex flex-col gap-3'}>
          {items.map((item, index) => {
            const key = keys.current[index] ?? String(index);
            if (variant === 'row') {
              return (
                <li key={key} ref={focusIfNew(key)} className="flex items-end gap-2" data-testid={`${kind}-item`}>
                  <div className="min-w-0 flex-1">{renderItem(item, index, update(index))}</div>
                  <div className="pb-0.5">{removeButton(index)}</div>
                </li>
              );
            }
            const extra = describe?.(item).trim();
            return (
              <li
                key={key}
                ref={focusIfNew(key)}
                className="rounded-xl border border-slate-200 bg-white shadow-xs"
                data-testid={`${kind}-item`}
              >
                <div className="flex items-center justify-between gap-2 border-b border-slate-100 bg-slate-50/70 px-4 py-2 first:rounded-t-xl">
                  <p className="min-w-0 truncate text-sm font-semibold text-slate-700">
                    {name(index)}
                    {extra && <span className="font-normal text-slate-500"> · {extra}</span>}
                  </p>
                  <div className="flex shrink-0 items-center gap-0.5">
                    <button
                      type="button"
                      onClick={() => move(index, -1)}
                      disabled={index === 0}
                      aria-label={t('list.moveUp', { item: name(index) })}
                      title={t('list.moveUp', { item: name(index) })}
                      className={iconButton}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button
                      type="button"
                      onClick={() => move(index, 1)}
                      disabled={index === items.length - 1}
                      aria-label={t('list.moveDown', { item: name(index) })}
                      title={t('list.moveDown', { item: name(index) })}
                      className={iconButton}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    {removeButton(index)}
                  </div>
                </div>
                <div className="p-4">{renderItem(item, index, update(index))}</div>
              </li>
            );
          })}
        </ol>
      )}
      <FieldProblem id={`${path}-list-error`} problem={issue} size="xs" />
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addButton}
          type="button"
          onClick={add}
          disabled={full}
          className="inline-flex items-center gap-1.5 rounded-lg border border-dashed border-brand-300 bg-brand-50/50 px-3 py-1.5 text-sm font-medium text-brand-700 transition hover:border-brand-500 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-transparent disabled:text-slate-400"
          data-testid={`add-${kind}`}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t(`list.add.${kind}`)}
        </button>
        {Number.isFinite(max) && (
          <span className="text-xs text-slate-500">
            {full ? t('list.full', { max }) : t('list.count', { count: items.length, max })}
          </span>
        )}
      </div>
    </div>
  );
}
