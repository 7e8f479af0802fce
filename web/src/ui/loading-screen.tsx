import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { Spinner } from './spinner';

/** Full-page logo and spinner, shown while the app starts and while a screen's code loads. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="loading-screen"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-white"
    >
      <Logo className="scale-125" />
      <Spinner label={t('loading')} />
    </div>
  );
}
