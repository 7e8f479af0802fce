import { useRef } from 'react';

/**
 * Radix gives the focus back to a dialog's Dialog.Trigger when it closes. The app's dialogs open
 * from state (the sidebar's 'Schedule Post', a card's Edit, the menu button), have no Trigger,
 * and the focus fell to the start of the page, so a keyboard user lost their place. These
 * handlers for Dialog.Content (or AlertDialog.Content) remember what had the focus as the dialog
 * opened and return it there on closing, when it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
