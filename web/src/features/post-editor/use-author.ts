import { ownProfileSchema } from '@nashr/contracts';
import { useMemo } from 'react';
import { PROFILE_STORAGE_KEY, useProfileData } from '../../lib/api/linkedin';

export interface Author {
  /** First and last name joined, or null when neither is known (the screen then says 'User'). */
  name: string | null;
  picture: string | null;
  /** The profile's headline, shown under the name in the feed. */
  headline: string | null;
}

/** Spec section 3: the profile is also kept in the browser under `userProfile`. */
function storedProfile() {
  try {
    const raw = localStorage.getItem(PROFILE_STORAGE_KEY);
    const parsed = ownProfileSchema
      .pick({ first_name: true, last_name: true, profile_picture_url: true, headline: true })
      .partial()
      .safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Who the post is from: the network profile when it loads, else what the browser kept from an
 * earlier visit. A failed profile call is not an error here: the composer falls back to the
 * default picture and 'User' and stays usable.
 */
export function useAuthor(): Author {
  const profile = useProfileData();
  const stored = useMemo(storedProfile, []);
  const source = profile.data ?? stored;
  const name = [source?.first_name ?? '', source?.last_name ?? ''].join(' ').trim();
  return { name: name || null, picture: source?.profile_picture_url || null, headline: source?.headline || null };
}
