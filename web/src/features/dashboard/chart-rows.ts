import type { ChartBucket } from '../../lib/analytics';
import { formatDay, formatMonth, formatShortDay } from '../../lib/format';

/** A point of the activity chart: its bucket and the name on the axis. */
export interface Row extends ChartBucket {
  label: string;
}

/** A bucket's name: its day, or its month over a year. */
export function bucketName(bucket: ChartBucket, language: string, long: boolean): string {
  if (bucket.unit === 'month') return formatMonth(bucket.start, language, long);
  return long ? formatDay(bucket.start, language) : formatShortDay(bucket.start, language);
}
