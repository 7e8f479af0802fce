import { describe, expect, it } from 'vitest';
import { normalizeEmail, trialHasher } from './trial-grants.js';

describe('one person, one address', () => {
  it('lower-cases, drops a +tag, and ignores dots at Gmail only', () => {
    expect(normalizeEmail(' Layla+news@Example.COM ')).toBe('layla@example.com');
    expect(normalizeEmail('sara.ali+x@googlemail.com')).toBe('saraali@gmail.com');
    expect(normalizeEmail('S.ara.Ali@gmail.com')).toBe('saraali@gmail.com');
    expect(normalizeEmail('first.last@example.com')).toBe('first.last@example.com');
  });

  it('hashes with the key: the same person hashes alike, another key differently', () => {
    const hash = trialHasher('k'.repeat(32));
    expect(hash('a.b+1@gmail.com')).toBe(hash('ab@googlemail.com'));
    expect(hash('a@example.com')).not.toBe(hash('b@example.com'));
    expect(trialHasher('j'.repeat(32))('a@example.com')).not.toBe(hash('a@example.com'));
  });
});
