export * from './define.js';
