/** The credential sign-in screen, spelled as the spec's route table spells it. */
export const CONNECT_SCREEN_PATH = '/linkedln-connect-screen';
export const CONNECT_PAGE_PATH = '/connect-linkedIn';

/** Spec sections 2 and 9: the popup is 600 wide by 800 high, centred on the opening window. */
export const POPUP_SIZE = { width: 600, height: 800 } as const;
const POPUP_NAME = 'nashr-linkedin-connect';

/** Where the sign-in screen may send the tab back to when it was opened in place of a popup. */
export const RETURN_PATHS = [CONNECT_PAGE_PATH] as const;
export type ReturnPath = (typeof RETURN_PATHS)[number];

export function returnPathOf(value: unknown): ReturnPath | undefined {
  return RETURN_PATHS.find((path) => path === value);
}

/** `window.open` features that centre the popup on the window that opens it. */
export function centredPopupFeatures(
  view: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
  { width, height } = POPUP_SIZE,
): string {
  const left = Math.max(0, Math.round(view.screenX + (view.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(view.screenY + (view.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Opens the sign-in popup (the password screen, or the network's own page); null when the browser blocked it. */
export function openConnectPopup(path: string = CONNECT_SCREEN_PATH): Window | null {
  try {
    const popup = window.open(path, POPUP_NAME, centredPopupFeatures(window));
    popup?.focus();
    return popup;
  } catch {
    return null;
  }
}
