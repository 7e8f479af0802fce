// Test doubles of the linkedin service, for tests and benchmarks outside it.

export { POST_ANALYTICS_SCOPE } from '../providers/linkedin/linkedin-requests.js';
export {
  FAKE_LINKEDIN_CLIENT_ID,
  FAKE_LINKEDIN_CLIENT_SECRET,
  type FakeLinkedin,
  fakeMember,
  startFakeLinkedin,
} from './fake-linkedin.js';
export { FAKE_API_KEY, FAKE_CAPTCHA_KEY, FAKE_CODE, type FakeUnipile, startFakeUnipile } from './fake-unipile.js';
export { type OfficialNetwork, startOfficialNetwork } from './official-network.js';
