import { describe, expect, it } from 'vitest';
import { clearAllDrafts } from './session-draft';

/** The Web Storage interface over a Map, as the browser's storage behaves. */
function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('clearAllDrafts', () => {
  it('forgets every kept draft in both storages and nothing else', async () => {
    const local = memoryStorage({ 'draft:composer:u1': '{"text":"unsent"}', lang: 'ar', 'draft:schedule:u1': '{}' });
    const session = memoryStorage({ 'draft:edit:u1:p9': '{}', 'nashr:email': 'a@b.test' });
    await clearAllDrafts([local, session]);
    expect([local.length, local.getItem('lang')]).toEqual([1, 'ar']);
    expect([session.length, session.getItem('nashr:email')]).toEqual([1, 'a@b.test']);
  });
});
