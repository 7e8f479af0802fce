import type { AnalyticsSummaryResponse, FullProfile, LinkedinPost } from '@nashr/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { AnalyticsCard } from './analytics-card';
import { ProfileHeader } from './profile-header';
import { AboutSection, EducationSection, SkillsSection } from './profile-sections';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const profile: FullProfile = {
  first_name: 'Sara',
  last_name: 'Ali',
  profile_picture_url: null,
  headline: 'Product manager',
  location: 'Riyadh',
  public_identifier: 'sara-ali',
  provider_id: null,
  email: null,
  premium: false,
  summary: 'I build products.',
  background_picture_url: null,
  websites: [],
  education: [{ school: 'King Saud University', degree: null, field_of_study: null, start: null, end: null }],
  skills: [{ name: 'Strategy', endorsement_count: 12 }],
  follower_count: 5400,
  connections_count: 500,
};

const render = (node: ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const badges = (html: string) => html.match(/data-testid="sample-badge"/g)?.length ?? 0;

describe('the profile on the sandbox network', () => {
  it('marks the invented profile, followers and connections, in both languages', async () => {
    await i18n.changeLanguage('ar');
    expect(badges(render(<ProfileHeader profile={profile} name="Sara Ali" />))).toBe(0);
    const ar = render(<ProfileHeader profile={profile} name="Sara Ali" sandbox />);
    expect(badges(ar)).toBe(1);
    expect(ar).toContain('بيانات توضيحية');
    await i18n.changeLanguage('en');
    const en = render(<ProfileHeader profile={profile} name="Sara Ali" sandbox />);
    expect(en).toContain('Sample data');
    expect(en).toContain('This account is on the sandbox network');
  });

  it('marks the invented about, education and skills, and not an empty section', async () => {
    await i18n.changeLanguage('en');
    for (const sandbox of [false, true]) {
      const html = render(
        <>
          <AboutSection summary={profile.summary} sandbox={sandbox} />
          <EducationSection education={profile.education} sandbox={sandbox} />
          <SkillsSection skills={profile.skills} sandbox={sandbox} />
        </>,
      );
      expect(badges(html)).toBe(sandbox ? 3 : 0);
    }
    expect(badges(render(<AboutSection summary={null} sandbox />))).toBe(0);
    expect(badges(render(<SkillsSection skills={[]} sandbox />))).toBe(0);
  });

  const metric = (value: number, sample = false) => ({ value, previous: null, changePercent: null, sample });
  const summary = {
    period: { days: 30, from: '2026-11-03', to: '2026-12-02', timeZone: 'UTC' },
    history: { firstSnapshotAt: null, lastSnapshotAt: null, importing: false },
    cards: {
      profileViews: metric(406, true),
      postEngagement: metric(700),
      networkSize: metric(1200),
      impressions: metric(15_449),
      engagementRate: metric(0.045),
      followerGrowth: metric(12),
    },
    days: [],
    topPosts: [],
    consistency: null,
  } as unknown as AnalyticsSummaryResponse;

  it('marks every analytics figure, not only the profile views the network never gives', async () => {
    await i18n.changeLanguage('en');
    const posts: LinkedinPost[] = [];
    const real = render(<AnalyticsCard summary={summary} posts={posts} loading={false} />);
    expect(badges(real)).toBe(1);
    const sandbox = render(<AnalyticsCard summary={summary} posts={posts} loading={false} sandbox />);
    expect(badges(sandbox)).toBe(4);
    expect(sandbox).toContain('This account is on the sandbox network');
  });

  it("shows the dashboard's figures for its 30 days, not a count of its own over the posts", async () => {
    await i18n.changeLanguage('en');
    const post = (impressions: number, reactions: number) =>
      ({
        id: `p${impressions}`,
        parsed_datetime: new Date().toISOString(),
        impressions_counter: impressions,
        reaction_counter: reactions,
        comment_counter: 0,
        repost_counter: 0,
      }) as LinkedinPost;
    const html = render(<AnalyticsCard summary={summary} posts={[post(15_575, 500), post(100, 20)]} loading={false} />);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/[\u2066-\u2069]/g, '');
    expect(text).toContain('15,449');
    expect(text).toContain('4.5%');
    expect(text).not.toContain('15,675');
    expect(text).toContain('figures for the last 30 days.');
  });
});
