export * from './account.js';
export * from './analytics.js';
export * from './analytics-periods.js';
export * from './checkpoint.js';
export * from './errors.js';
export * from './pages.js';
export * from './post.js';
export * from './profile.js';
