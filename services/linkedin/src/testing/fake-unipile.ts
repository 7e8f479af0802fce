// The hosted API's local fake lives with the other test servers: the engage service tests against it too.
export {
  FAKE_API_KEY,
  FAKE_CAPTCHA_KEY,
  FAKE_CODE,
  type FakeUnipile,
  startFakeUnipile,
} from '@nashr/fakes/fake-unipile';
