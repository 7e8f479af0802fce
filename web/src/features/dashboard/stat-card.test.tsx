import type { AnalyticsMetric } from '@nashr/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { Eye } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { ConsistencyCard } from './consistency-card';
import { StatCard } from './stat-card';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'en', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const measured: AnalyticsMetric = { value: 1200, previous: 1000, changePercent: 20, sample: false };

async function card(language: 'ar' | 'en', stat: AnalyticsMetric, sandbox?: boolean): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StatCard
        id="impressions"
        icon={Eye}
        label="Impressions"
        period="against the previous 30 days"
        stat={stat}
        sampleReason="The network does not give this figure."
        sandbox={sandbox}
      />
    </I18nextProvider>,
  );
}

const badges = (html: string) => html.match(/data-testid="sample-badge"/g)?.length ?? 0;

describe('a dashboard figure', () => {
  it('carries no badge when the network measured it', async () => {
    const html = await card('en', measured);
    expect(html).toContain('data-sample="false"');
    expect(badges(html)).toBe(0);
  });

  it('carries the sample badge on the sandbox network, saying why, in both languages', async () => {
    const en = await card('en', measured, true);
    expect(en).toContain('data-sample="true"');
    expect(badges(en)).toBe(1);
    expect(en).toContain('Sample data');
    expect(en).toContain('This account is on the sandbox network');
    const ar = await card('ar', measured, true);
    expect(badges(ar)).toBe(1);
    expect(ar).toContain('بيانات توضيحية');
    expect(ar).toContain('هذا الحساب على الشبكة التجريبية');
  });

  it('keeps the reason of a figure the network never gives, off the sandbox', async () => {
    const html = await card('en', { ...measured, sample: true });
    expect(badges(html)).toBe(1);
    expect(html).toContain('The network does not give this figure.');
  });

  it('marks the posting consistency on the sandbox only', async () => {
    await i18n.changeLanguage('en');
    const consistency = { weeks: 4, weeksWithPosts: 3, postsPerWeek: 1.5, currentStreakWeeks: 2 };
    const render = (sandbox: boolean) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <ConsistencyCard consistency={consistency} sandbox={sandbox} />
        </I18nextProvider>,
      );
    expect(badges(render(false))).toBe(0);
    expect(badges(render(true))).toBe(1);
  });
});
