import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Below the app's top bar (4rem) with a little air: a toast never covers its controls. */
const TOP_BAR_CLEARANCE = 76;

/**
 * The toast area (the top corner at the end of the reading direction, below the top bar, 5 s). Nothing on the landing page shows a toast, so sonner is left
 * out of its bundle: the toaster mounts on the first screen other than the landing page and
 * stays mounted from then on (a toast raised just before going back home still shows).
 */
export function DeferredToaster() {
  const { i18n } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [wanted, setWanted] = useState(pathname !== '/');
  useEffect(() => {
    if (pathname !== '/') setWanted(true);
  }, [pathname]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position={i18n.dir() === 'rtl' ? 'top-left' : 'top-right'}
        offset={{ top: TOP_BAR_CLEARANCE }}
        mobileOffset={{ top: TOP_BAR_CLEARANCE }}
        duration={5000}
        richColors
        closeButton
        dir={i18n.dir()}
      />
    </Suspense>
  );
}
