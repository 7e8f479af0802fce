export * from './define.js';
export * from './messages.js';
