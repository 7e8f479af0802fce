import type { Options } from 'tsup';
export function serviceBuild(entry: string[]): Options | Options[];
