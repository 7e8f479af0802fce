// What `npm start` prints: every line prefixed with a short coloured name, and framed banners.
// Quiet (the default): of the processes' output only the parts coming up, warnings, errors and
// crashes (logs.mjs); verbose: every line. Either way every line goes to the log file too.
import { classifyLine, formatEntry } from './logs.mjs';

/** A failure that ends the start with its message alone (no stack trace). */
export class Fatal extends Error {}

/** @returns {never} */
export function fail(/** @type {string} */ message) {
  throw new Fatal(message);
}

const PALETTE = ['36', '35', '33', '34', '32', '96', '95', '93', '94', '92', '31', '91'];
const FIXED = [
  ['nashr', '1'],
  ['postgres', '90'],
  ['redis', '90'],
  ['gateway', '1;32'],
];

/** Colour unless NO_COLOR is set; FORCE_COLOR decides when set; else only on a terminal. */
export function wantsColor(/** @type {Record<string, string | undefined>} */ env, /** @type {boolean} */ isTTY) {
  if (env.NO_COLOR !== undefined) return false;
  return env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : isTTY;
}

/**
 * @param {{ useColor: boolean, write: (text: string) => void, names: string[], quiet?: boolean,
 *   record?: (name: string, line: string) => void }} options
 *   names: the processes expected, so the prefixes line up from the first line
 *   quiet: show only what processOutput lets through; record: every line, for the log file
 */
export function createOutput({ useColor, write, names, quiet = false, record = () => {} }) {
  const colors = new Map(FIXED);
  let nameWidth = Math.max('postgres'.length, ...names.map((n) => n.length));
  const paint = (/** @type {string} */ code, /** @type {string} */ text) =>
    useColor ? `\x1b[${code}m${text}\x1b[0m` : text;

  function colorOf(/** @type {string} */ name) {
    if (!colors.has(name)) colors.set(name, PALETTE[(colors.size - FIXED.length) % PALETTE.length] ?? '0');
    return colors.get(name) ?? '0';
  }

  /** One line of a process's output (or of this script, as 'nashr'). */
  function printLine(/** @type {string} */ name, /** @type {string} */ line) {
    record(name, line);
    show(name, line);
  }

  function show(/** @type {string} */ name, /** @type {string} */ line) {
    write(`${paint(colorOf(name), name.padEnd(nameWidth))} │ ${line}\n`);
  }

  /**
   * One line a process printed: recorded, then shown as it is (verbose) or as logs.mjs decides.
   * @param {string} name
   * @param {string} line
   * @param {{ source: import('./logs.mjs').LineSource, stream: 'stdout' | 'stderr' }} from
   */
  function processOutput(name, line, from) {
    if (!quiet) return printLine(name, line);
    record(name, line);
    const verdict = classifyLine(line, from);
    if (verdict.action === 'up') {
      show(
        name,
        `${paint('32', '✓')} ${verdict.part ? `${verdict.part.padEnd(15)} ${verdict.detail}` : verdict.detail}`,
      );
    } else if (verdict.action === 'show') {
      const text = verdict.entry ? formatEntry(verdict.entry, paint) : verdict.text;
      for (const textLine of text.split('\n')) show(name, textLine);
    }
  }

  return {
    useColor,
    paint,
    printLine,
    processOutput,
    quiet,
    /** Every non-blank line of `text`. */
    printLines(/** @type {string} */ name, /** @type {unknown} */ text) {
      for (const line of String(text).split(/\r?\n/)) if (line.trim()) printLine(name, line);
    },
    say: (/** @type {string} */ line) => printLine('nashr', line),
    /** Lines up the prefixes with processes named later. */
    widen(/** @type {string[]} */ more) {
      nameWidth = Math.max(nameWidth, ...more.map((n) => n.length));
    },
    /** A framed block of lines (the address once ready). */
    banner(/** @type {string[]} */ lines) {
      const width = Math.max(...lines.map((l) => l.length)) + 4;
      const rule = `  ${'─'.repeat(width)}`;
      for (const line of lines) record('nashr', line);
      write(`\n${paint('1;32', rule)}\n`);
      for (const line of lines) write(`${paint('1;32', `    ${line}`)}\n`);
      write(`${paint('1;32', rule)}\n\n`);
    },
  };
}

/** @typedef {ReturnType<typeof createOutput>} Output */
