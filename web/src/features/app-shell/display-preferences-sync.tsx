import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { useEffect } from 'react';
import { DISPLAY_CHANGED, i18next } from '../../i18n';
import { useDisplayPreferences } from '../../lib/api/preferences';
import { displayPreferences, setDisplayPreferences } from '../../lib/format';

/**
 * Hands the signed-in user's display preferences to the formatting helpers, then has every
 * translated component render again (they all listen to DISPLAY_CHANGED through useTranslation),
 * so digits change everywhere at once. Leaving the signed-in area goes back to the defaults.
 */
export function DisplayPreferencesSync() {
  const preferences = useDisplayPreferences();
  // Handed over during render too, not only in the effect: this component renders before the
  // screens beside it, so their very first frame already formats with the user's preferences
  // (remembered from the last visit until the server's answer is in), not with the defaults.
  if (displayPreferences() !== preferences) setDisplayPreferences(preferences);
  useEffect(() => {
    setDisplayPreferences(preferences);
    i18next.emit(DISPLAY_CHANGED);
  }, [preferences]);
  useEffect(
    () => () => {
      setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES);
      i18next.emit(DISPLAY_CHANGED);
    },
    [],
  );
  return null;
}
