export * from './limits.js';
export * from './media.js';
export * from './messages.js';
export * from './queue.js';
export * from './queue-rules.js';
export * from './review.js';
export * from './schemas.js';
export * from './time.js';
