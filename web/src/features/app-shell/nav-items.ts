import {
  BookOpenText,
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
    | '/billing';
  /** Key in the `shell` namespace. */
  label: string;
  icon: LucideIcon;
}

/** The sidebar of spec section 2, in its order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/generate-post', label: 'nav.generatePost', icon: SquarePen },
  { to: '/posts', label: 'nav.posts', icon: FileText },
  { to: '/ideas', label: 'nav.ideas', icon: Sparkles },
  { to: '/hooks', label: 'nav.hooks', icon: Lightbulb },
  { to: '/inspiration', label: 'nav.inspiration', icon: BookOpenText },
  { to: '/engage', label: 'nav.engage', icon: MessagesSquare },
  { to: '/personalization', label: 'nav.personalization', icon: SlidersHorizontal },
  { to: '/billing', label: 'nav.billing', icon: CreditCard },
];
