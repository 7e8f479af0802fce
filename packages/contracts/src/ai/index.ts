export * from './choices.js';
export * from './requests.js';
export * from './responses.js';
