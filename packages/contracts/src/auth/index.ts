export * from './admin-users.js';
export * from './api-tokens.js';
export * from './client-config.js';
export * from './display-preferences.js';
export * from './errors.js';
export * from './magic-link.js';
export * from './personalization.js';
export * from './session.js';
