// Test doubles of the ai service, for tests and benchmarks outside it.
export { type FakeBehaviour, type FakeOpenAi, startFakeOpenAi } from './fake-openai.js';
