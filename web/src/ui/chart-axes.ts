import { formatCompact } from '../lib/format';

/**
 * The look the app's time charts share (the dashboard's activity, a post's results): a light
 * horizontal grid, time along the bottom (mirrored in right-to-left), compact values on the
 * reading side, a dashed cursor. Spread onto recharts' own components.
 */
export const GRID_PROPS = { stroke: '#e2e8f0', strokeDasharray: '4 4', vertical: false } as const;

export const TOOLTIP_CURSOR = { stroke: '#94a3b8', strokeDasharray: '4 4' } as const;

const TICK = { fill: '#64748b', fontSize: 12 } as const;

export const timeAxisProps = (rtl: boolean) =>
  ({
    dataKey: 'label',
    reversed: rtl,
    tickLine: false,
    axisLine: false,
    tick: TICK,
    interval: 'preserveStartEnd',
    minTickGap: 16,
  }) as const;

export const valueAxisProps = (rtl: boolean, language: string) =>
  ({
    orientation: rtl ? 'right' : 'left',
    tickLine: false,
    axisLine: false,
    width: 48,
    allowDecimals: false,
    tick: TICK,
    tickFormatter: (value: number) => formatCompact(value, language),
  }) as const;
