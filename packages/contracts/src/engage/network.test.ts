import { describe, expect, it } from 'vitest';
import { postRefOf } from './network.js';

describe('post addresses', () => {
  it('reads the network’s post addresses and the sandbox’s own', () => {
    expect(postRefOf('https://www.linkedin.com/feed/update/urn:li:activity:7212345678901234567/')).toMatchObject({
      id: 'urn:li:activity:7212345678901234567',
      handle: null,
    });
    expect(postRefOf('https://linkedin.com/feed/update/urn:li:ugcPost:7212345678901234567')?.id).toBe(
      'urn:li:ugcPost:7212345678901234567',
    );
    expect(postRefOf('https://www.linkedin.com/embed/feed/update/urn:li:share:7212345678901234567')?.id).toBe(
      'urn:li:share:7212345678901234567',
    );
    expect(
      postRefOf(
        'https://www.linkedin.com/posts/Layla-Haddad_design-users-activity-7212345678901234567-Xy9z/?utm_source=share',
      ),
    ).toMatchObject({ id: 'urn:li:activity:7212345678901234567', handle: 'layla-haddad' });
    expect(postRefOf('https://sandbox.nashr.example/posts/sbx-emma-carter-12')).toMatchObject({
      id: 'sbx-emma-carter-12',
    });
  });

  it('refuses what is not a post address', () => {
    for (const url of [
      'https://www.linkedin.com/in/emma-carter',
      'https://www.linkedin.com/feed/',
      'https://example.com/feed/update/urn:li:activity:7212345678901234567',
      'https://www.linkedin.com.evil.test/feed/update/urn:li:activity:7212345678901234567',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(postRefOf(url)).toBeNull();
    }
  });
});
