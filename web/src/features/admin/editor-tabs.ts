import type { ContentBlockName } from '@nashr/contracts';
import {
  CircleHelp,
  CreditCard,
  LayoutGrid,
  type LucideIcon,
  MessageSquareQuote,
  Trophy,
  Type,
  UserPlus,
} from 'lucide-react';

/** The admin tabs (spec section 2, and the sign-up page's panel) and the content block each one edits. */
export const EDITOR_TABS = [
  { id: 'hero', block: 'hero', icon: Type },
  { id: 'features', block: 'feature', icon: LayoutGrid },
  { id: 'choose-us', block: 'why-choose', icon: Trophy },
  { id: 'testimonials', block: 'testimonials', icon: MessageSquareQuote },
  { id: 'pricing', block: 'pricing', icon: CreditCard },
  { id: 'faqs', block: 'faq', icon: CircleHelp },
  { id: 'signup', block: 'signup', icon: UserPlus },
] as const satisfies ReadonlyArray<{ id: string; block: ContentBlockName; icon: LucideIcon }>;

export type EditorTabId = (typeof EDITOR_TABS)[number]['id'];

export const isEditorTab = (value: string): value is EditorTabId => EDITOR_TABS.some((tab) => tab.id === value);
