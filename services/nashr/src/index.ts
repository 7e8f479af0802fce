export * from './parts.js';
