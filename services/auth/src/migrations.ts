import { fileURLToPath } from 'node:url';

/**
 * Where the SQL migrations live. This file sits directly in src/ so that the same relative path
 * works from src/ in development and from dist/ once bundled.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
