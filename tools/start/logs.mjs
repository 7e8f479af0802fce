// The quiet start: the product logs JSON lines (LOG_PRETTY=false); `npm start` reads them, shows
// each part as it comes up, then only warnings and errors, and appends every line to a log file.

import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** pino's levels: warn and above are shown. */
export const WARN = 40;
const LEVELS = /** @type {Record<number, [string, string]>} */ ({
  10: ['TRACE', '90'],
  20: ['DEBUG', '90'],
  30: ['INFO', '36'],
  40: ['WARN', '33'],
  50: ['ERROR', '31'],
  60: ['FATAL', '1;31'],
});

/** Where a line comes from: the product (JSON logs), a helper, PostgreSQL or Redis. */
/** @typedef {'product' | 'helper' | 'postgres' | 'redis'} LineSource */

/**
 * What the quiet start does with one line of output:
 *   up     a part (or a helper) came up: shown as progress;
 *   show   a warning, an error, a crash or anything the product did not log as JSON: shown;
 *   hide   everything else (info, request logs, debug): only in the log file.
 * @typedef {{ action: 'up', part: string, detail: string } | { action: 'show', entry?: LogEntry, text: string }
 *   | { action: 'hide' }} Verdict
 * @typedef {{ level: number, msg?: string, name?: string, time?: number, err?: { type?: string, message?: string, stack?: string } } & Record<string, unknown>} LogEntry
 */

/** A pino JSON line, or null when the line is not one. */
export function parseLogLine(/** @type {string} */ line) {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line);
    return value && typeof value === 'object' && typeof value.level === 'number'
      ? /** @type {LogEntry} */ (value)
      : null;
  } catch {
    return null;
  }
}

const UP = /^(\S+) (listening on (\S+)|running)$/;
const POSTGRES_PROBLEM = /\b(WARNING|ERROR|FATAL|PANIC):/;
// Redis marks a line's level after the time: '.' debug, '-' verbose, '*' notice, '#' warning;
// Redis 7 also logs its start ('Server initialized', its version) as '#': only problems count.
const REDIS_WARNING = /^\d+:[A-Z] .+? # .*(warning|error|fail|can't|cannot|unable|denied|refused)/i;

/**
 * @param {string} line
 * @param {{ source: LineSource, stream: 'stdout' | 'stderr' }} from
 * @returns {Verdict}
 */
export function classifyLine(line, { source, stream }) {
  if (!line.trim()) return { action: 'hide' };
  if (source === 'postgres') return POSTGRES_PROBLEM.test(line) ? { action: 'show', text: line } : { action: 'hide' };
  if (source === 'redis') return REDIS_WARNING.test(line) ? { action: 'show', text: line } : { action: 'hide' };
  if (source === 'helper') {
    // A helper prints one line on stdout when it is up, and its problems on stderr.
    return stream === 'stdout' ? { action: 'up', part: '', detail: line } : { action: 'show', text: line };
  }
  const entry = parseLogLine(line);
  // Not a log line: a crash of Node itself, a configuration error, a library writing directly.
  if (!entry) return { action: 'show', text: line };
  if (entry.level >= WARN) return { action: 'show', entry, text: formatEntry(entry) };
  const up = entry.level === 30 && typeof entry.msg === 'string' ? UP.exec(entry.msg) : null;
  if (up?.[1]) return { action: 'up', part: up[1], detail: up[3] ?? 'running' };
  return { action: 'hide' };
}

/** Fields every line has, not worth repeating. */
const COMMON = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'err', 'part', 'v']);

function clock(/** @type {number | undefined} */ time) {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * One log entry for a person: `01:02:03 WARN  posts-api: message  key=value`, then the error's
 * stack, indented. `paint` colours the level.
 */
export function formatEntry(
  /** @type {LogEntry} */ entry,
  paint = (/** @type {string} */ _code, /** @type {string} */ text) => text,
) {
  const [label, color] = LEVELS[entry.level] ?? [`LEVEL${entry.level}`, '0'];
  const part = typeof entry.name === 'string' ? entry.name : typeof entry.part === 'string' ? entry.part : 'nashr';
  const extra = Object.entries(entry)
    .filter(([key]) => !COMMON.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = `${clock(entry.time)} ${paint(color, label.padEnd(5))} ${part}: ${entry.msg ?? ''}${extra.length ? `  ${extra.join(' ')}` : ''}`;
  const stack = entry.err?.stack ?? (entry.err?.message ? `${entry.err.type ?? 'Error'}: ${entry.err.message}` : '');
  return stack ? `${head}\n${stack.replace(/^/gm, '    ')}` : head;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are control characters
const ANSI = /\x1b\[[0-9;]*m/g;

/** A line without its colour codes. */
export const stripAnsi = (/** @type {string} */ text) => text.replace(ANSI, '');

/**
 * The log file of this start, `<dir>/nashr.log`; the previous start's is kept as nashr.previous.log.
 * JSON lines are written as they are (`npx pino-pretty < .data/logs/nashr.log` reads them), other
 * lines prefixed with the process's name.
 */
export function openLogFile(/** @type {string} */ dir) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'nashr.log');
  if (existsSync(path)) renameSync(path, join(dir, 'nashr.previous.log'));
  let fd = openSync(path, 'a', 0o600);
  return {
    path,
    /** Written at once (synchronously): the last lines before an exit are kept. */
    write(/** @type {string} */ name, /** @type {string} */ line) {
      if (fd < 0) return;
      const plain = stripAnsi(line);
      writeSync(fd, `${plain.startsWith('{') ? plain : `${name} │ ${plain}`}\n`);
    },
    close() {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}
