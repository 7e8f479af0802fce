import type { ContentIcon as IconName } from '@nashr/contracts';
import {
  CalendarClock,
  ChartColumn,
  type LucideIcon,
  MessageCircle,
  PenLine,
  Rocket,
  ShieldCheck,
  Sparkles,
  Target,
  UserCog,
  Users,
} from 'lucide-react';

const ICONS: Record<IconName, LucideIcon> = {
  sparkles: Sparkles,
  'user-cog': UserCog,
  'calendar-clock': CalendarClock,
  'pen-line': PenLine,
  'bar-chart': ChartColumn,
  users: Users,
  rocket: Rocket,
  target: Target,
  'message-circle': MessageCircle,
  'shield-check': ShieldCheck,
};

/** Draws one of the icons an admin can pick for a feature. */
export function ContentIcon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const Icon = ICONS[name] ?? Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}
