import type { PushDevice } from '@nashr/contracts';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { PushDeviceItems } from './push-devices-list';

beforeAll(async () => {
  await startI18nForTests();
});

const phone: PushDevice = {
  id: '5b0c1c2e-8f57-4d4b-9d38-1f0a3c1e2b11',
  label: 'Chrome on Android',
  current: true,
  createdAt: '2026-11-05T09:30:00.000Z',
  lastDeliveredAt: null,
};
const laptop: PushDevice = {
  id: '0e6f0b61-6a0e-4a5b-8d8e-7d5c9b0b2c22',
  label: 'Firefox on Windows',
  current: false,
  createdAt: '2026-10-01T18:00:00.000Z',
  lastDeliveredAt: '2026-11-30T07:15:00.000Z',
};

const render = (devices: PushDevice[]) =>
  renderToStaticMarkup(<PushDeviceItems devices={devices} onRemove={() => {}} />);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

describe('the devices that get push notifications', () => {
  it('names each device in Arabic, marks this one, dates them and offers to remove each', async () => {
    await i18next.changeLanguage('ar');
    const html = render([phone, laptop]);
    expect(text(html)).toContain('Chrome على Android');
    expect(text(html)).toContain('Firefox على Windows');
    expect(html.match(/هذا الجهاز/g)).toHaveLength(1);
    expect(html).toMatch(/data-current="true"[\s\S]*هذا الجهاز[\s\S]*data-current="false"/);
    expect(text(html)).toContain('لم يصله إشعار بعد');
    expect(html).toContain('<time dateTime="2026-11-30T07:15:00.000Z">');
    // The month by name, in the app's language.
    expect(text(html)).toMatch(/آخر إشعار وصله في .*نوفمبر/);
    expect(html).toContain('aria-label="إزالة Chrome على Android"');
    expect(html.match(/type="button"/g)).toHaveLength(2);
  });

  it('says so in English too, and when no device gets them', async () => {
    await i18next.changeLanguage('en');
    const html = render([laptop]);
    expect(text(html)).toContain('Firefox on Windows');
    expect(text(html)).toContain('Last notified Nov 30, 2026');
    expect(html).toContain('aria-label="Remove Firefox on Windows"');
    expect(html).not.toContain('This device');
    expect(text(render([]))).toContain('No device gets push notifications yet.');
    await i18next.changeLanguage('ar');
    expect(text(render([]))).toContain('لا تصل الإشعارات الفورية إلى أي جهاز بعد.');
    expect(text(render([{ ...laptop, label: null }]))).toContain('جهاز غير معروف');
  });

  it('counts devices with the Arabic plural forms, in the digits the app shows', () => {
    const count = (n: number, lng: string) => text(i18next.t('notifications:push.devices.count', { count: n, lng }));
    expect([1, 2, 3, 11, 100].map((n) => count(n, 'ar'))).toEqual([
      'جهاز واحد',
      'جهازان',
      '3 أجهزة',
      '11 جهازًا',
      '100 جهاز',
    ]);
    expect([1, 2].map((n) => count(n, 'en'))).toEqual(['1 device', '2 devices']);
  });
});
