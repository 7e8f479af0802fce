import { useState } from 'react';

/**
 * True from the first render where `value` is true, and from then on. Lets a screen mount
 * something loaded on demand (a dialog's code) the first time it is wanted, then keep it
 * mounted like any other part of the screen.
 */
export function useHasBeenTrue(value: boolean): boolean {
  const [been, setBeen] = useState(value);
  // Set during render (React's pattern for state derived from props): no extra commit.
  if (value && !been) setBeen(true);
  return been || value;
}
