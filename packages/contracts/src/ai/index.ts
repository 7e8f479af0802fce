export * from './choices.js';
export * from './errors.js';
export * from './requests.js';
export * from './responses.js';
export * from './voice.js';
