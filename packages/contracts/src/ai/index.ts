export * from './choices.js';
export * from './credits.js';
export * from './errors.js';
export * from './ideas.js';
export * from './profile-review.js';
export * from './requests.js';
export * from './responses.js';
export * from './voice.js';
