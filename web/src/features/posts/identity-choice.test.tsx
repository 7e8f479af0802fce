import type { LinkedinPage } from '@nashr/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import type { PostView } from '../../lib/api/posts';
import { ALL_IDENTITIES, belongsTo, IdentityChoice, PROFILE } from './identity-choice';
import { ScheduledList } from './scheduled-list';

const page: LinkedinPage = {
  organization: 'urn:li:organization:5',
  name: 'Acme',
  role: 'ADMINISTRATOR',
  added: true,
  identity: 'org-5',
};
const post = (id: string, identity: string | null) => ({ id, identity }) as PostView;
const posts = [post('mine', 'member-1'), post('unknown', null), post('acme', 'org-5'), post('gone', 'org-9')];

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const ids = (chosen: string) => posts.filter(belongsTo(chosen, [page])).map((p) => p.id);

describe('whose posts a list shows', () => {
  it("shows everyone's, the profile's (a page removed since included) or one page's", () => {
    expect(ids(ALL_IDENTITIES)).toEqual(['mine', 'unknown', 'acme', 'gone']);
    expect(ids(PROFILE)).toEqual(['mine', 'unknown', 'gone']);
    expect(ids('org-5')).toEqual(['acme']);
  });

  it('offers the choice only once a page is added, in both languages', async () => {
    const render = (pages: LinkedinPage[]) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <IdentityChoice pages={pages} value={ALL_IDENTITIES} onChange={() => {}} withAll testId="whose" />
        </I18nextProvider>,
      );
    expect(render([])).toBe('');
    await i18n.changeLanguage('ar');
    const ar = render([page]);
    expect(
      ar
        .replace(/<[^>]+>/g, '|')
        .split('|')
        .filter(Boolean),
    ).toEqual(['عرض منشورات', 'الكل', 'الملف الشخصي', 'Acme']);
    await i18n.changeLanguage('en');
    expect(render([page])).toContain('Show the posts of');
    // Everyone's is the one chosen.
    expect(render([page])).toMatch(/<input(?=[^>]*checked)(?=[^>]*data-value="\*")[^>]*>/);
  });

  it('says the scheduled posts go out as other identities, rather than that none are scheduled', async () => {
    const render = (hidden: number) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <ScheduledList
            posts={[]}
            isPending={false}
            error={null}
            onRetry={() => {}}
            onEdit={() => {}}
            onDelete={() => {}}
            hidden={hidden}
            onShowAll={() => {}}
          />
        </I18nextProvider>,
      );
    await i18n.changeLanguage('en');
    expect(render(2)).toContain('2 scheduled posts go out as other identities.');
    expect(render(2)).toContain('Show all the scheduled posts');
    expect(render(0)).toContain('No scheduled posts yet');
    await i18n.changeLanguage('ar');
    expect(render(1)).toContain('منشور مجدول واحد سيُنشر باسم آخر.');
    expect(render(2)).toContain('منشوران مجدولان سيُنشران باسم آخر.');
  });
});
