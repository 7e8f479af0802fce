import type { NewItems } from './block-defaults';

/** Every block form is a controlled view over one block value. */
export interface BlockFormProps<B> {
  value: B;
  onChange: (next: B) => void;
  /** Factories for new list items, in the language of the copy. */
  items: NewItems;
}

/** `patch(value, onChange)('title')(text)`: replaces one key, keeping the rest. */
export const patcher =
  <B extends object>(value: B, onChange: (next: B) => void) =>
  <K extends keyof B>(key: K) =>
  (next: B[K]) =>
    onChange({ ...value, [key]: next });
