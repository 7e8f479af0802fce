export * from './personalization.js';
export * from './session.js';
