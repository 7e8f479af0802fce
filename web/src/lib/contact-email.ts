import { CONTACT_EMAIL_META, DEFAULT_CONTACT_EMAIL } from '@nashr/contracts';

/** Given by the gateway with each render on the server, where there is no page to read it from. */
let given: string | undefined;

/** The gateway's renderers (landing, screens) say the installation's address before rendering. */
export function renderWithContactEmail(address: string | undefined): void {
  given = address;
}

/**
 * Where people write to this installation (the gateway's CONTACT_EMAIL): in the browser from the
 * page the gateway served, on the server as the renderer was given it; the product's own address
 * where neither says (the web development server, an older gateway).
 */
export function contactEmail(): string {
  if (given) return given;
  if (typeof document === 'undefined') return DEFAULT_CONTACT_EMAIL;
  return (
    document.querySelector<HTMLMetaElement>(`meta[name="${CONTACT_EMAIL_META}"]`)?.content || DEFAULT_CONTACT_EMAIL
  );
}
