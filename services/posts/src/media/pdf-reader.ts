/**
 * Reads an uploaded PDF inside a worker thread (started by `pdf-document.ts`, which stops it when
 * its time is up): its unpacked size first, then with pdf.js its page count and page one drawn.
 * Nothing here runs in the service's own thread.
 */
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** Bytes `data` unpacks to through `layers` inflates, counted as they come and dropped, stopping past `budget`. */
function inflatedLength(data: Uint8Array, layers: number, budget: number): Promise<number> {
  return new Promise((resolve) => {
    // A damaged or cut-off stream counts what it gave: pdf.js decides whether the file is readable.
    const chain: Inflate[] = Array.from({ length: layers }, () =>
      createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 }),
    );
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const inflate of chain) inflate.destroy();
      resolve(total);
    };
    for (let i = 0; i + 1 < chain.length; i++) chain[i]?.pipe(chain[i + 1] as Inflate);
    const last = chain[chain.length - 1] as Inflate;
    last.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) finish();
    });
    last.on('end', finish);
    for (const inflate of chain) inflate.on('error', finish);
    chain[0]?.end(data);
  });
}

/**
 * What the file's Flate streams unpack to, together, up to a little past `cap`. A few hundred
 * kilobytes of deflated zeros unpack to a gigabyte, and pdf.js would unpack them whole (seconds of
 * CPU, as much memory) while drawing page one; counting here, with zlib in streaming chunks that
 * are dropped at once, costs a fraction of that and stops at the cap.
 */
export async function unpackedSize(pdf: Buffer, cap: number): Promise<number> {
  let total = 0;
  let from = 0;
  while (total <= cap) {
    const keyword = pdf.indexOf('stream', from, 'latin1');
    if (keyword < 0) break;
    from = keyword + 6;
    if (keyword >= 3 && pdf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The data starts after the end of line that follows the keyword.
    let start = keyword + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    if (start === keyword + 6) continue;
    const before = Math.max(0, keyword - DICTIONARY_REACH);
    const object = pdf.lastIndexOf('obj', keyword, 'latin1');
    const dictionary = pdf.toString('latin1', Math.max(object, before), keyword);
    const layers = flateLayers(dictionary);
    if (!layers) continue;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
    const end = declared ? start + Number(declared) : pdf.indexOf('endstream', start, 'latin1');
    const data = pdf.subarray(start, end < start ? pdf.length : Math.min(end, pdf.length));
    total += await inflatedLength(data, layers, cap - total);
    from = Math.max(from, start + data.length);
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
  const read = async (begin: number, end: number) => {
    const buffer = Buffer.alloc(Math.max(0, end - begin));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, begin);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  };
  try {
    const tail = Buffer.from(await read(Math.max(0, size - TAIL), size)).toString('latin1');
    if (!tail.includes('%%EOF')) return { ok: false, problem: 'unreadable' };
    // The whole file (at most the 20 MB upload limit) for the count, in this thread's memory only
    // until it ends.
    if ((await unpackedSize(Buffer.from(await read(0, size)), maxUnpackedBytes)) > maxUnpackedBytes) {
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
