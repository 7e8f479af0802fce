import { Link } from '@tanstack/react-router';
import { type LucideIcon, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from './page-header';

type ScreenKey = 'engage';

/**
 * Screens of the protected area that later issues fill. Until then each explains what will
 * appear there and offers something useful to do now.
 */
function PlaceholderScreen({ screen, icon }: { screen: ScreenKey; icon: LucideIcon }) {
  const { t } = useTranslation('shell');
  return (
    <div data-testid={`screen-${screen}`}>
      <PageHeader title={t(`screens.${screen}.title`)} description={t(`screens.${screen}.description`)} />
      <EmptyState
        icon={icon}
        badge={t('comingSoon')}
        title={t(`screens.${screen}.emptyTitle`)}
        text={t(`screens.${screen}.emptyText`)}
        action={
          <Link
            to="/personalization"
            className="inline-flex items-center rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            {t('reviewPersonalization')}
          </Link>
        }
      />
    </div>
  );
}

export const EngageScreen = () => <PlaceholderScreen screen="engage" icon={MessagesSquare} />;
