import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { THUMBNAIL_SIZE } from '@nashr/contracts';
import sharp from 'sharp';

/** Bytes read from the file at a time: pdf.js asks only for the parts it needs (cross-references, page tree, page 1). */
const CHUNK = 64 * 1024;
/** Bytes at the end of a complete PDF within which `%%EOF` must appear (a cut-off file has none). */
const TAIL = 1024;

export type PdfProblem = 'unreadable' | 'encrypted';
export class PdfError extends Error {
  constructor(readonly problem: PdfProblem) {
    super(`pdf ${problem}`);
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

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};
const require = createRequire(import.meta.url);
/** Fonts pdf.js draws the 14 standard PDF fonts with (a PDF may use them without embedding them). */
const standardFontDataUrl = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Reads the PDF at `path` (of `size` bytes) the way a viewer would, without loading it whole: pdf.js
 * asks for byte ranges and gets them from the file. Counts its pages and draws its first page.
 * Throws `PdfError` for a file that does not parse (damaged, truncated, not really a PDF) or needs a password.
 */
export async function inspectPdf(
  path: string,
  size: number,
  maxPages: number,
): Promise<PdfFacts & { tooMany: boolean }> {
  const file = await open(path, 'r');
  const read = async (begin: number, end: number) => {
    const buffer = Buffer.alloc(Math.max(0, end - begin));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, begin);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  };
  try {
    const tail = Buffer.from(await read(Math.max(0, size - TAIL), size)).toString('latin1');
    if (!tail.includes('%%EOF')) throw new PdfError('unreadable');
    const lib = await loadPdfJs();
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
      if (error instanceof Error && error.name === 'PasswordException') throw new PdfError('encrypted');
      throw new PdfError('unreadable');
    }
    try {
      const pageCount = document.numPages;
      if (pageCount < 1) throw new PdfError('unreadable');
      if (pageCount > maxPages) return { pageCount, width: 0, height: 0, thumbnail: Buffer.alloc(0), tooMany: true };
      const page = await document.getPage(1);
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(THUMBNAIL_SIZE / natural.width, THUMBNAIL_SIZE / natural.height, 2);
      const viewport = page.getViewport({ scale });
      const { createCanvas } = await import('@napi-rs/canvas');
      const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      const context = canvas.getContext('2d');
      // A page without a background is white on paper.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas: canvas as never, viewport }).promise;
      const thumbnail = await sharp(canvas.toBuffer('image/png')).webp({ quality: 80 }).toBuffer();
      page.cleanup();
      return {
        pageCount,
        width: Math.round(natural.width),
        height: Math.round(natural.height),
        thumbnail,
        tooMany: false,
      };
    } catch (error) {
      if (error instanceof PdfError) throw error;
      throw new PdfError('unreadable');
    } finally {
      await document.destroy().catch(() => undefined);
    }
  } finally {
    await file.close();
  }
}
