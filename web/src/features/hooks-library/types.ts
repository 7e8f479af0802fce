/** What a hook or a template is for: the kind of post it opens and what it helps with. */
export const WRITING_KINDS = [
  'story',
  'list',
  'lesson',
  'contrarian',
  'question',
  'number',
  'announcement',
  'howto',
  'milestone',
  'behind',
] as const;
export type WritingKind = (typeof WRITING_KINDS)[number];

export const WRITING_GOALS = ['engage', 'authority', 'reach', 'trust'] as const;
export type WritingGoal = (typeof WRITING_GOALS)[number];

export interface HookEntry {
  id: string;
  kind: WritingKind;
  goal: WritingGoal;
  text: string;
}

export interface TemplateEntry {
  id: string;
  kind: WritingKind;
  goal: WritingGoal;
  title: string;
  /** The post to fill in: what goes in square brackets is the writer's own. */
  body: string;
}

export interface WritingLibrary {
  hooks: readonly HookEntry[];
  templates: readonly TemplateEntry[];
}

type Row = readonly [WritingKind, WritingGoal, string];
type TemplateRow = readonly [WritingKind, WritingGoal, string, string];

/** Builds a language's library from compact rows, giving each entry a stable id. */
export function libraryOf(lang: string, hooks: readonly Row[], templates: readonly TemplateRow[]): WritingLibrary {
  return {
    hooks: hooks.map(([kind, goal, text], i) => ({ id: `${lang}-h${i + 1}`, kind, goal, text })),
    templates: templates.map(([kind, goal, title, body], i) => ({ id: `${lang}-t${i + 1}`, kind, goal, title, body })),
  };
}
