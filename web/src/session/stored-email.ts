/**
 * The address a magic link was last requested for. Kept in localStorage so /verify can name it
 * and offer a new link, even after a reload or when the request itself failed (spec section 4).
 */
export const EMAIL_STORAGE_KEY = 'email';

export function storedEmail(): string | null {
  try {
    return localStorage.getItem(EMAIL_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storeEmail(email: string): void {
  try {
    localStorage.setItem(EMAIL_STORAGE_KEY, email);
  } catch {
    // Private modes may refuse storage; /verify then simply does not name the address.
  }
}

export function clearStoredEmail(): void {
  try {
    localStorage.removeItem(EMAIL_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
