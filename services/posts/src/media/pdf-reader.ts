/**
 * Reads an uploaded PDF inside a worker thread (started by `pdf-document.ts`, which stops it when
 * its time is up): its unpacked size first, then with pdf.js its page count and page one drawn.
 * Nothing here runs in the service's own thread.
 */
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { constants, createInflate, type Inflate } from 'node:zlib';

/** Bytes read from the file at a time: pdf.js asks only for the parts it needs (cross-references, page tree, page 1). */
const CHUNK = 64 * 1024;
/** Bytes at the end of a complete PDF within which `%%EOF` must appear (a cut-off file has none). */
const TAIL = 1024;
/** How far before `stream` its dictionary is looked for. */
const DICTIONARY_REACH = 4096;

export interface PdfReadRequest {
  path: string;
  size: number;
  maxPages: number;
  /** Longest side of the drawn page one, in pixels. */
  thumbnailSize: number;
  /** The most all the file's Flate streams may unpack to, together. */
  maxUnpackedBytes: number;
}

export type PdfReadAnswer =
  | { ok: true; pageCount: number; width: number; height: number; png: Uint8Array | null; tooMany: boolean }
  | { ok: false; problem: 'unreadable' | 'encrypted' | 'unpacked_too_large' };

/** How many times, one inside the other, the data of a stream with this dictionary is deflated. */
function flateLayers(dictionary: string): number {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1];
  if (!filter) return 0;
  let layers = 0;
  for (const name of filter.match(/\/[A-Za-z0-9]+/g) ?? []) {
    if (name !== '/FlateDecode' && name !== '/Fl') break;
    layers++;
  }
  return layers;
}

/** Reads bytes `begin` to `end` of the file (fewer at its end), into `into` when given (reused, so only read, never kept). */
type ReadRange = (begin: number, end: number, into?: Buffer) => Promise<Uint8Array>;
/** A view of the same bytes, not a copy. */
const bytesOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.length);
/** Bytes of the file looked at, or fed to zlib, at a time. */
const SCAN_WINDOW = 1024 * 1024;

/** Bytes `begin` to `end` of the file, a window at a time. */
async function* ranges(read: ReadRange, begin: number, end: number) {
  for (let at = begin; at < end; at += SCAN_WINDOW) {
    const chunk = await read(at, Math.min(end, at + SCAN_WINDOW));
    if (!chunk.length) return;
    yield chunk;
  }
}

/** Where the data of a stream starting at `start` ends: its `endstream`, or the end of the file. */
async function streamEnd(read: ReadRange, size: number, start: number, scratch: Buffer): Promise<number> {
  // Windows overlap by the keyword's length, so one cut in two is still found.
  for (let at = start; at < size; at += SCAN_WINDOW - 9) {
    const window = bytesOf(await read(at, Math.min(size, at + SCAN_WINDOW), scratch));
    const found = window.indexOf('endstream', 0, 'latin1');
    if (found >= 0) return at + found;
  }
  return size;
}

/** Bytes the data unpacks to through `layers` inflates, counted as they come and dropped, stopping past `budget`. */
function inflatedLength(data: AsyncIterable<Uint8Array>, layers: number, budget: number): Promise<number> {
  return new Promise((resolve) => {
    // A damaged or cut-off stream counts what it gave: pdf.js decides whether the file is readable.
    const chain: Inflate[] = Array.from({ length: layers }, () =>
      createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 }),
    );
    const source = Readable.from(data, { objectMode: false });
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      source.destroy();
      for (const inflate of chain) inflate.destroy();
      resolve(total);
    };
    let last: Readable = source;
    for (const inflate of chain) last = last.pipe(inflate);
    last.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) finish();
    });
    last.on('end', finish);
    for (const stream of [source, ...chain]) stream.on('error', finish);
  });
}

/**
 * What the file's Flate streams unpack to, together, up to a little past `cap`. A few hundred
 * kilobytes of deflated zeros unpack to a gigabyte, and pdf.js would unpack them whole (seconds of
 * CPU, as much memory) while drawing page one; counting here, with zlib in streaming chunks that
 * are dropped at once, costs a fraction of that and stops at the cap. The file is read a window at
 * a time, never whole.
 */
export async function unpackedSize(read: ReadRange, size: number, cap: number): Promise<number> {
  let total = 0;
  let from = 0;
  // One buffer for every window: the file passes through it, a 20 MB upload leaves no 20 MB of garbage.
  const scratch = Buffer.allocUnsafe(SCAN_WINDOW + DICTIONARY_REACH);
  while (total <= cap && from < size) {
    // The window reaches back far enough for the dictionary of a stream found in it.
    const windowStart = Math.max(0, from - DICTIONARY_REACH);
    const window = bytesOf(await read(windowStart, Math.min(size, from + SCAN_WINDOW), scratch));
    const windowEnd = windowStart + window.length;
    const found = window.indexOf('stream', from - windowStart, 'latin1');
    // Not in this window: on to the next, overlapping by a few bytes for a keyword cut in two.
    if (found < 0 || (windowStart + found + 8 > windowEnd && windowEnd < size)) {
      from = found < 0 ? Math.max(from + 1, windowEnd - 8) : windowStart + found;
      if (windowEnd >= size && found < 0) break;
      continue;
    }
    const keyword = windowStart + found;
    from = keyword + 6;
    if (found >= 3 && window.toString('latin1', found - 3, found) === 'end') continue;
    // The data starts after the end of line that follows the keyword.
    let start = keyword + 6;
    if (window[start - windowStart] === 0x0d) start++;
    if (window[start - windowStart] === 0x0a) start++;
    if (start === keyword + 6) continue;
    const before = Math.max(windowStart, found - DICTIONARY_REACH + windowStart);
    const object = windowStart + window.lastIndexOf('obj', found, 'latin1');
    const dictionary = window.toString('latin1', Math.max(object, before) - windowStart, found);
    const layers = flateLayers(dictionary);
    if (!layers) continue;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
    const end = Math.min(size, declared ? start + Number(declared) : await streamEnd(read, size, start, scratch));
    total += await inflatedLength(ranges(read, start, end), layers, cap - total);
    from = Math.max(from, end);
  }
  return total;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const require = createRequire(import.meta.url);
/** Fonts pdf.js draws the 14 standard PDF fonts with (a PDF may use them without embedding them). */
const standardFontDataUrl = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Reads the PDF the way a viewer would, without loading it whole into pdf.js: it asks for byte
 * ranges and gets them from the file. Counts its pages and draws its first page as a PNG.
 */
export async function readPdf(request: PdfReadRequest): Promise<PdfReadAnswer> {
  const { path, size, maxPages, thumbnailSize, maxUnpackedBytes } = request;
  const file = await open(path, 'r');
  const read = async (begin: number, end: number, into?: Buffer) => {
    const length = Math.max(0, end - begin);
    const buffer = into && into.length >= length ? into : Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, begin);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  };
  try {
    const tail = Buffer.from(await read(Math.max(0, size - TAIL), size)).toString('latin1');
    if (!tail.includes('%%EOF')) return { ok: false, problem: 'unreadable' };
    if ((await unpackedSize(read, size, maxUnpackedBytes)) > maxUnpackedBytes) {
      return { ok: false, problem: 'unpacked_too_large' };
    }
    const lib: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const first = await read(0, Math.min(size, CHUNK));
    const transport = new lib.PDFDataRangeTransport(size, first);
    transport.requestDataRange = (begin: number, end: number) => {
      read(begin, end).then(
        (chunk) => transport.onDataRange(begin, chunk),
        () => transport.abort(),
      );
    };
    const task = lib.getDocument({
      range: transport,
      length: size,
      rangeChunkSize: CHUNK,
      disableAutoFetch: true,
      disableStream: true,
      isEvalSupported: false,
      standardFontDataUrl,
      verbosity: 0,
    });
    let document: Awaited<typeof task.promise>;
    try {
      document = await task.promise;
    } catch (error) {
      await task.destroy().catch(() => undefined);
      if (error instanceof Error && error.name === 'PasswordException') return { ok: false, problem: 'encrypted' };
      return { ok: false, problem: 'unreadable' };
    }
    try {
      const pageCount = document.numPages;
      if (pageCount < 1) return { ok: false, problem: 'unreadable' };
      if (pageCount > maxPages) return { ok: true, pageCount, width: 0, height: 0, png: null, tooMany: true };
      const page = await document.getPage(1);
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(thumbnailSize / natural.width, thumbnailSize / natural.height, 2);
      const viewport = page.getViewport({ scale });
      const { createCanvas } = await import('@napi-rs/canvas');
      const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      const context = canvas.getContext('2d');
      // A page without a background is white on paper.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, viewport }).promise;
      const png = canvas.toBuffer('image/png');
      page.cleanup();
      return {
        ok: true,
        pageCount,
        width: Math.round(natural.width),
        height: Math.round(natural.height),
        png,
        tooMany: false,
      };
    } catch {
      return { ok: false, problem: 'unreadable' };
    } finally {
      await document.destroy().catch(() => undefined);
    }
  } finally {
    await file.close();
  }
}

// Started as a worker thread by pdf-document.ts: loads pdf.js and the canvas once, says so, then
// answers one file at a time until it is stopped.
if (parentPort && (workerData as { pdfReader?: boolean } | null)?.pdfReader) {
  const port = parentPort;
  Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]).then(
    () => port.postMessage({ ready: true }),
    () => process.exit(1),
  );
  port.on('message', (request: PdfReadRequest) => {
    readPdf(request).then(
      (answer) => port.postMessage(answer),
      () => port.postMessage({ ok: false, problem: 'unreadable' } satisfies PdfReadAnswer),
    );
  });
}
