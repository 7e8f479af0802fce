import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useEntitlement, usePortal } from '../../lib/api/billing';
import { errorText } from '../../lib/error-text';
import { formatDay } from '../../lib/format';
import { Button } from '../../ui/button';

/**
 * A payment failed: the plan stays until the grace period ends. Above every screen of the
 * protected area, the date access ends and a way to the payment provider's page to fix the card.
 * Not dismissible: it goes away when the payment goes through.
 */
export function PaymentBanner() {
  const { t, i18n } = useTranslation('billing');
  const entitlement = useEntitlement();
  const portal = usePortal();
  const data = entitlement.data;
  if (data?.status !== 'past_due' || !data.graceEndsAt) return null;

  return (
    <section
      aria-labelledby="payment-banner-text"
      className="flex flex-wrap items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900 sm:px-6"
      data-testid="payment-banner"
      role="alert"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      <p id="payment-banner-text" className="flex-1 font-medium">
        {t('banner.paymentFailed', {
          plan: t(`plans.${data.plan}`),
          date: formatDay(data.graceEndsAt, i18n.language),
        })}
      </p>
      <Button
        variant="danger"
        size="sm"
        disabled={portal.isPending}
        onClick={() => portal.mutate(undefined, { onError: (error) => toast.error(errorText(error)) })}
        data-testid="payment-banner-fix"
      >
        {t('banner.fixPayment')}
      </Button>
    </section>
  );
}
