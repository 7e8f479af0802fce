// Test doubles and helpers of the posts service, for tests and benchmarks outside it.
export { FakeLinkedin } from './fake-linkedin.js';
export { spawnPostsWorker, type WorkerProcess } from './worker-process.js';
