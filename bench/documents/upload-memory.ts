/**
 * Peak memory of the posts service while it receives a 20 MB PDF document through the gateway
 * (issue 15: growth ≤ 32 MB), against a baseline measured in the same run: the same process
 * receiving a one-page document of a few kilobytes (the fixed cost of reading and drawing a PDF).
 *
 * The figure is the growth of the process's resident set: its peak (`VmHWM` in /proc, reset
 * before each upload by writing 5 to `clear_refs`) minus what it held just before. Linux only.
 *
 *   npx tsx bench/documents/upload-memory.ts [--rounds 5] [--out results.json]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Stack, StackOptions } from '@nashr/tools/process-stack';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { signIn } from '../gateway/sign-in.js';
import { benchOnOwnStack } from '../own-stack.js';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, out: { type: 'string' } },
});
const rounds = Number(flags.rounds);
const MB = 1_048_576;
/** The largest document a post may carry, less a little room for the PDF's own structure. */
const TARGET_BYTES = 19.5 * MB;

/** A carousel of photo-like pages, each its own noise image, until the file weighs about 20 MB. */
async function bigDocument(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  let bytes = 0;
  for (let n = 1; bytes < TARGET_BYTES; n++) {
    const noise = Buffer.alloc(400 * 500 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(noise, { raw: { width: 400, height: 500, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    bytes += jpeg.length;
    const image = await document.embedJpg(jpeg);
    const page = document.addPage([540, 675]);
    page.drawImage(image, { x: 0, y: 0, width: 540, height: 675 });
    page.drawText(`Slide ${n}`, { x: 40, y: 620, size: 32, font, color: rgb(1, 1, 1) });
  }
  return Buffer.from(await document.save());
}

async function smallDocument(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([540, 675]).drawText('One slide', { x: 40, y: 620, size: 32, font });
  return Buffer.from(await document.save());
}

const status = async (pid: number) => {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

/** Uploads `file` and answers how much the process's resident memory rose at its highest. */
async function measure(stack: Stack, pid: number, cookie: string, file: Buffer, title: string) {
  // Let the previous upload's garbage go before the resting size is read.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  const before = await status(pid);
  const started = Date.now();
  const answer = await fetch(`${stack.url}/api/v1/media?title=${encodeURIComponent(title)}`, {
    method: 'POST',
    headers: { cookie, origin: stack.url, 'content-type': 'application/pdf' },
    body: file,
  });
  const body = (await answer.json()) as { success: boolean; data?: { pageCount: number }; code?: string };
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(body)}`);
  const after = await status(pid);
  return { growth: after.peak - before.rss, ms: Date.now() - started, pages: body.data?.pageCount ?? 0 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const [big, small] = await Promise.all([bigDocument(), smallDocument()]);
  const stackOptions: StackOptions = {
    services: ['auth', 'posts'],
    workers: ['auth'],
    helpers: ['mail'],
    // One process per part: the posts API's own memory is read by its process id.
    layout: 'per-target',
    logLevel: 'info',
    env: { gateway: { RATE_LIMIT_PER_MINUTE: '100000000' } },
  };
  await benchOnOwnStack(stackOptions, flags.out, async (stack) => {
    const pid = stack.pid('posts');
    if (!pid) throw new Error('the posts service has no process id');
    const { cookie } = await signIn(stack.url, `http://127.0.0.1:${stack.ports['mail-inbox']}`);
    // One of each first, so the code that reads PDFs is loaded before anything is measured.
    await measure(stack, pid, cookie, small, 'Warm-up');
    await measure(stack, pid, cookie, big, 'Warm-up');
    const results: { baseline: number; document: number; ms: number; pages: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const baseline = await measure(stack, pid, cookie, small, 'One slide');
      const document = await measure(stack, pid, cookie, big, 'Twenty megabytes');
      results.push({ baseline: baseline.growth, document: document.growth, ms: document.ms, pages: document.pages });
      console.log(
        `round ${round + 1}: ${(big.length / MB).toFixed(1)} MB, ${document.pages} pages: +${(document.growth / MB).toFixed(1)} MB ` +
          `in ${document.ms} ms; one-page baseline +${(baseline.growth / MB).toFixed(1)} MB`,
      );
    }
    return {
      fileBytes: big.length,
      pages: results[0]?.pages ?? 0,
      // The highest of the rounds: the allocator reuses memory unevenly from one upload to the next.
      growth: Math.max(...results.map((r) => r.document)),
      baseline: Math.max(...results.map((r) => r.baseline)),
      medianGrowth: median(results.map((r) => r.document)),
      ms: median(results.map((r) => r.ms)),
      rounds: results,
    };
  });
}

await main();
