import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { THUMBNAIL_SIZE } from '@nashr/contracts';
import sharp from 'sharp';
import type { PdfReadAnswer, PdfReadRequest } from './pdf-reader.js';

/**
 * `unreadable`: damaged, truncated, not really a PDF; `encrypted`: needs a password; `too_complex`:
 * unpacks past the cap, or reading it and drawing page one took longer than allowed.
 */
export type PdfProblem = 'unreadable' | 'encrypted' | 'too_complex';
export class PdfError extends Error {
  constructor(
    readonly problem: PdfProblem,
    /** Why a `too_complex` file was refused, for the log. */
    readonly reason?: 'unpacked_too_large' | 'time' | 'memory',
  ) {
    super(`pdf ${problem}${reason ? ` (${reason})` : ''}`);
  }
}

export interface PdfFacts {
  pageCount: number;
  /** The first page's size in points. */
  width: number;
  height: number;
  /** The first page drawn as a WebP of at most THUMBNAIL_SIZE pixels on its longest side. */
  thumbnail: Buffer;
}

export interface PdfLimits {
  /** Reading the file and drawing page one, from the moment the reading thread gets it to its answer. */
  timeBudgetMs: number;
  /** What all the file's Flate streams may unpack to, together. */
  maxUnpackedBytes: number;
}

/**
 * A few seconds are plenty for a real 300-page carousel (page one only is drawn; the reading
 * thread has pdf.js loaded already); 256 MiB is more than ten times the largest upload (20 MB),
 * which real documents (text and photos, already compressed) do not reach, while a PDF bomb
 * unpacks to a thousand times its size.
 */
export const PDF_LIMITS: PdfLimits = { timeBudgetMs: 8_000, maxUnpackedBytes: 256 * 1024 * 1024 };
/** The reading thread's JavaScript heap: pdf.js's own objects for page one, far below this. */
const HEAP_MB = 256;
/**
 * Its young generation: small, since every isolate grows its own (V8's default lets a thread
 * hold tens of MB of short-lived objects between collections, on top of the service's own).
 */
const YOUNG_MB = 4;
/** Loading pdf.js and the canvas in a new thread, on a busy machine. */
const START_MS = 60_000;
/** A thread left idle this long ends (it holds pdf.js, some tens of MB). */
const IDLE_MS = 5 * 60_000;

/**
 * The reader thread's script: the bundled `dist/media/pdf-reader.js` beside the service's
 * `dist/server.js`; from source (tests, `tsx`), the TypeScript file loaded through tsx, which a
 * worker does not inherit from its parent's `--import`.
 */
const fromSource = import.meta.url.endsWith('.ts');
const READER = fromSource
  ? new URL(
      `data:text/javascript,import{register}from${JSON.stringify(
        pathToFileURL(
          createRequire(import.meta.url)
            .resolve('tsx/esm/api')
            .replace(/\.cjs$/, '.mjs'),
        ).href,
      )};register();await import(${JSON.stringify(new URL('./pdf-reader.ts', import.meta.url).href)});`,
    )
  : new URL('./media/pdf-reader.js', import.meta.url);

/** What the reading threads did: a test checks that a refused file's thread was stopped. */
export const readerThreads = { busy: 0, stopped: 0 };

/** A thread ready for a file, kept between uploads so that pdf.js is loaded once, not per file. */
let spare: { worker: Worker; idle: NodeJS.Timeout } | undefined;

/**
 * The thread's next message, or its failure, or `timeout` after `ms`. Its own listeners are
 * removed after (not all of them: the worker's own keep its port started).
 */
function waitFor<T>(worker: Worker, ms: number, timeout?: T): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      done();
      resolve(message);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = () => onError(new Error('pdf reader ended'));
    const timer = setTimeout(() => {
      done();
      if (timeout === undefined) reject(new Error('pdf reader did not answer in time'));
      else resolve(timeout);
    }, ms);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** A reading thread with pdf.js loaded: the spare one, or a new one once it has loaded. */
async function takeThread(): Promise<Worker> {
  if (spare) {
    const { worker, idle } = spare;
    spare = undefined;
    clearTimeout(idle);
    worker.ref();
    return worker;
  }
  const worker = new Worker(READER, {
    workerData: { pdfReader: true },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB },
    stdout: true,
    stderr: true,
  });
  // Once per thread, not per time it is given back: a spare reused many times would collect one
  // listener per use.
  worker.once('exit', () => {
    if (spare?.worker === worker) spare = undefined;
  });
  try {
    await waitFor(worker, START_MS);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}

/** Keeps a thread that answered in time as the spare (one is enough), or ends it. */
function giveBack(worker: Worker) {
  if (spare) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const idle = setTimeout(() => {
    if (spare?.worker === worker) spare = undefined;
    void worker.terminate();
  }, IDLE_MS);
  idle.unref();
  spare = { worker, idle };
}

/**
 * Reads the PDF at `path` (of `size` bytes): counts its pages and draws its first page.
 * Throws `PdfError` for a file that does not parse, needs a password, or is too costly to read.
 *
 * Why a worker thread: pdf.js unpacks a stream and draws a page synchronously, so neither a
 * timer nor an abort signal can stop it in this thread, and a PDF bomb would hold the whole
 * service for as long as it takes (25 s for a 1 MB file unpacking to 1 GiB). In a thread of its
 * own, `terminate()` stops it at once wherever it is; before pdf.js opens the file, the thread
 * counts what its streams unpack to (`unpackedSize`), so a bomb is refused in well under a
 * second rather than at the end of the time budget. The time budget is the backstop for what the
 * count cannot see (other filters, costly drawing). sharp stays in this thread, where it is
 * loaded already (native modules are safest loaded once).
 */
export async function inspectPdf(
  path: string,
  size: number,
  maxPages: number,
  limits: PdfLimits = PDF_LIMITS,
): Promise<PdfFacts & { tooMany: boolean }> {
  const request: PdfReadRequest = {
    path,
    size,
    maxPages,
    thumbnailSize: THUMBNAIL_SIZE,
    maxUnpackedBytes: limits.maxUnpackedBytes,
  };
  const worker = await takeThread();
  readerThreads.busy++;
  const timedOut = new PdfError('too_complex', 'time');
  const answer = await new Promise<PdfReadAnswer | PdfError>((resolve) => {
    waitFor(worker, limits.timeBudgetMs, timedOut).then(
      (message) => resolve(message as PdfReadAnswer | PdfError),
      (error: { code?: string }) =>
        resolve(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new PdfError('too_complex', 'memory')
            : new PdfError('unreadable'),
        ),
    );
    worker.postMessage(request);
  });
  if (answer instanceof PdfError) {
    // Past its budget (or broken): stopped wherever it is, never reused.
    await worker.terminate();
    readerThreads.stopped++;
  } else {
    giveBack(worker);
  }
  readerThreads.busy--;
  if (answer instanceof PdfError) throw answer;
  if (!answer.ok) {
    throw answer.problem === 'unpacked_too_large'
      ? new PdfError('too_complex', 'unpacked_too_large')
      : new PdfError(answer.problem);
  }
  const { pageCount, width, height, png, tooMany } = answer;
  if (tooMany || !png) return { pageCount, width, height, thumbnail: Buffer.alloc(0), tooMany: true };
  const thumbnail = await sharp(png).webp({ quality: 80 }).toBuffer();
  return { pageCount, width, height, thumbnail, tooMany: false };
}
