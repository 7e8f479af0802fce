export * from './client-config.js';
export * from './personalization.js';
export * from './session.js';
