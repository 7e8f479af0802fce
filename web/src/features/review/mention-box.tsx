import type { WorkspaceMember } from '@nashr/contracts';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../../ui/dialog-frame';

/** The most members offered at once: the list narrows as more is typed after @. */
const MAX_OFFERED = 6;

/** The @word being typed just before the caret, if any: where it starts and what follows the @. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: match[2] ?? '' };
}

/** The members named in `text` as `@email`: the ids sent as the comment's `mentions`. */
export function mentionsIn(text: string, members: readonly WorkspaceMember[]): string[] {
  return members.filter((member) => text.includes(`@${member.email}`)).map((member) => member.userId);
}

/**
 * A comment's text box where typing @ offers the workspace's members: a listbox under it, walked
 * with the arrow keys (the box keeps the focus and points at the option with
 * aria-activedescendant), chosen with Enter or Tab, closed with Escape. The member chosen is
 * written as `@email`.
 */
export function MentionBox({
  id,
  label,
  value,
  onChange,
  members,
  textRef,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  members: readonly WorkspaceMember[];
  textRef: RefObject<HTMLTextAreaElement | null>;
  /** What describes the box (its hint, its problem) and whether it holds a problem: `fieldProblemProps`. */
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
}) {
  const { t } = useTranslation('review');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the list until the @word changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typing = mentionAt(value, caret);
  const key = typing ? `${typing.start}:${typing.query}` : null;
  const offered = typing
    ? members.filter((member) => member.email.toLowerCase().includes(typing.query.toLowerCase())).slice(0, MAX_OFFERED)
    : [];
  const open = typing !== null && key !== dismissed;
  const listId = `${id}-mentions`;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = Math.min(active, Math.max(offered.length - 1, 0));

  const choose = (member: WorkspaceMember) => {
    if (!typing) return;
    const before = value.slice(0, typing.start);
    const after = value.slice(caret);
    const written = `@${member.email} `;
    onChange(`${before}${written}${after.replace(/^ /, '')}`);
    const at = before.length + written.length;
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => textRef.current?.setSelectionRange(at, at));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      // Closes the list only, not the dialog around the box.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(key);
      return;
    }
    if (!offered.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + offered.length) % offered.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const member = offered[activeIndex];
      if (!member) return;
      event.preventDefault();
      choose(member);
    }
  };

  const track = (target: HTMLTextAreaElement) => setCaret(target.selectionStart ?? target.value.length);

  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={textRef}
        id={id}
        dir="auto"
        rows={3}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target);
          setActive(0);
        }}
        onSelect={(event) => track(event.currentTarget)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        aria-autocomplete="list"
        aria-controls={open && offered.length ? listId : undefined}
        aria-activedescendant={open && offered.length ? optionId(activeIndex) : undefined}
        className={`${fieldClass} mt-1 resize-y`}
        data-testid="comment-text"
      />
      {open && offered.length === 0 && (
        <p
          className="absolute inset-x-0 top-full z-20 mt-1 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg"
          data-testid="mention-none"
        >
          {t('comments.noMembers')}
        </p>
      )}
      {open && offered.length > 0 && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('comments.mentionList')}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          data-testid="mention-list"
        >
          {offered.map((member, index) => (
            <div
              key={member.userId}
              id={optionId(index)}
              role="option"
              // The box keeps the focus (aria-activedescendant); an option is focusable only by script.
              tabIndex={-1}
              aria-selected={index === activeIndex}
              // A click must not take the focus from the box (the caret says where to write).
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-brand-50 text-brand-800' : 'text-slate-700'}`}
              data-testid="mention-option"
            >
              <bdi>{member.email}</bdi>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
