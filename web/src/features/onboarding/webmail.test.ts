import { describe, expect, it } from 'vitest';
import { webmailFor } from './webmail';

describe('webmailFor', () => {
  it('names the web mail of common providers, whatever the case', () => {
    expect(webmailFor('sara@gmail.com')?.name).toBe('Gmail');
    expect(webmailFor('Sara@GoogleMail.com')?.url).toBe('https://mail.google.com');
    expect(webmailFor('omar@hotmail.com')?.name).toBe('Outlook');
    expect(webmailFor('lina@yahoo.com')?.name).toBe('Yahoo Mail');
    expect(webmailFor('noor@icloud.com')?.name).toBe('iCloud Mail');
  });

  it('offers none for a company domain or a missing address', () => {
    expect(webmailFor('nour@company.sa')).toBeNull();
    expect(webmailFor('nour@example.test')).toBeNull();
    expect(webmailFor(null)).toBeNull();
    expect(webmailFor('not-an-address')).toBeNull();
  });
});
