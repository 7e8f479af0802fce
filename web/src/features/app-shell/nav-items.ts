import {
  BookOpenText,
  CalendarDays,
  CircleUserRound,
  CreditCard,
  FileText,
  LayoutDashboard,
  Lightbulb,
  type LucideIcon,
  MessagesSquare,
  SlidersHorizontal,
  Sparkles,
  SquarePen,
} from 'lucide-react';

export interface NavItem {
  to:
    | '/dashboard'
    | '/generate-post'
    | '/posts'
    | '/engage'
    | '/personalization'
    | '/ideas'
    | '/hooks'
    | '/inspiration'
    | '/billing'
    | '/profile';
  /** A tab of the screen (the calendar is a tab of My Posts). */
  search?: { tab: 'calendar' };
  /** Key in the `shell` namespace. */
  label: string;
  icon: LucideIcon;
}

/**
 * The sidebar of spec section 2, in its order, with the screens a new user looked for there: the
 * calendar, and the profile (its analytics, Optimize Profile and the way to the signed-in devices).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/generate-post', label: 'nav.generatePost', icon: SquarePen },
  { to: '/posts', label: 'nav.posts', icon: FileText },
  { to: '/posts', search: { tab: 'calendar' }, label: 'nav.calendar', icon: CalendarDays },
  { to: '/ideas', label: 'nav.ideas', icon: Sparkles },
  { to: '/hooks', label: 'nav.hooks', icon: Lightbulb },
  { to: '/inspiration', label: 'nav.inspiration', icon: BookOpenText },
  { to: '/engage', label: 'nav.engage', icon: MessagesSquare },
  { to: '/personalization', label: 'nav.personalization', icon: SlidersHorizontal },
  { to: '/profile', label: 'nav.profile', icon: CircleUserRound },
  { to: '/billing', label: 'nav.billing', icon: CreditCard },
];
