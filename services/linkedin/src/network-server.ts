/**
 * The local network server as a process of its own, so `npm start` can offer "Continue with
 * LinkedIn" on a machine without the network (LINKEDIN_LOCAL_NETWORK=1). It speaks the official
 * wire format, approves every authorization as the member chosen on its sign-in page (the usual
 * local one, who administers two company pages, or another), and refuses to run in production.
 *
 *   LINKEDIN_NETWORK_PORT (8111)   LINKEDIN_NETWORK_HOST (127.0.0.1)
 *   LINKEDIN_REDIRECT_URI          the only redirect URL it accepts (the gateway's callback)
 */
import { createHash } from 'node:crypto';
import { ORGANIZATION_PREFIX } from './providers/linkedin/linkedin-requests.js';
import { fakeMember, startFakeLinkedin } from './testing/fake-linkedin.js';

if (process.env.NODE_ENV === 'production') {
  console.error('The local network server does not run in production: configure the real network app instead.');
  process.exit(1);
}

const fake = await startFakeLinkedin({
  port: Number(process.env.LINKEDIN_NETWORK_PORT ?? 8111),
  host: process.env.LINKEDIN_NETWORK_HOST ?? '127.0.0.1',
  ...(process.env.LINKEDIN_REDIRECT_URI ? { redirectUris: [process.env.LINKEDIN_REDIRECT_URI] } : {}),
});
// Engage's pasted addresses name other members' posts this server never saw: take them as live.
fake.options.anyPostExists = true;
// The sign-in page asks which member signs in, so connecting again with another login can be tried.
fake.options.chooseMember = true;
// The usual member is the same one on every start: connecting again after a restart is not a sign-in
// as someone else (which would hold the scheduled posts back and drop the pages).
fake.member = fakeMember('localmember');
// The usual member administers a company page and edits another's content, so pages can be added and posted to.
const consultancy = fake.addOrganization('شركة نشر للاستشارات', { [fake.member.sub]: 'ADMINISTRATOR' });
fake.addOrganization('Acme Analytics', { [fake.member.sub]: 'CONTENT_ADMINISTRATOR' });
// The first page has posted for a while: its statistics give the last 90 days (derived from the page
// and the day, the same on every start), so its figures on the dashboard are this server's.
const history = fake.organizations.get(consultancy.slice(ORGANIZATION_PREFIX.length))?.history;
for (let ago = 1; ago <= 90; ago++) {
  const day = new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const seed = createHash('sha256').update(`${consultancy}:${day}`).digest();
  history?.set(day, {
    impressionCount: 60 + (seed.readUInt16BE(0) % 400),
    clickCount: (seed[2] ?? 0) % 18,
    likeCount: (seed[3] ?? 0) % 30,
    commentCount: (seed[4] ?? 0) % 7,
    shareCount: (seed[5] ?? 0) % 4,
    organicFollowerGain: (seed[6] ?? 0) % 5,
  });
}
console.log(`local LinkedIn network listening on ${fake.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
