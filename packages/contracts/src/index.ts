export * from './auth/index.js';
export * from './content/blocks.js';
export * from './content/image.js';
export * from './http.js';
export * from './identity.js';
export * from './jobs/index.js';
