import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPdf } from './pdf-document.js';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
process.on('warning', onWarning);
afterAll(() => {
  process.off('warning', onWarning);
});

describe('the thread that reads PDFs', () => {
  it('is kept between files and reused many times without collecting a listener per use', async () => {
    const document = await PDFDocument.create();
    document.addPage([540, 675]);
    const bytes = await document.save();
    const path = join(mkdtempSync(join(tmpdir(), 'nashr-pdf-')), 'one-page.pdf');
    writeFileSync(path, bytes);
    // Node warns past ten listeners of one event on one emitter.
    for (let use = 0; use < 14; use++) {
      await expect(inspectPdf(path, bytes.length, 10)).resolves.toMatchObject({ pageCount: 1, width: 540 });
    }
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
