import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unpackedSize } from './pdf-reader.js';

const MiB = 1024 * 1024;
const over = (file: Buffer) => (begin: number, end: number) => Promise.resolve(file.subarray(begin, end));
const object = (n: number, dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`${n} 0 obj\n${dictionary}\nstream\r\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);

describe('what a PDF’s streams unpack to', () => {
  it('counts Flate streams, with or without their length, deflated once or twice, anywhere in the file', async () => {
    const once = deflateSync(Buffer.alloc(3 * MiB));
    const twice = deflateSync(deflateSync(Buffer.alloc(5 * MiB)));
    // Two megabytes of something else first, so that streams fall past the first windows.
    const file = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      object(1, '<< /Length 4 >>', Buffer.from('q Q\n')),
      Buffer.alloc(2 * MiB + 3, 0x25),
      object(2, `<< /Filter /FlateDecode /Length ${once.length} >>`, once),
      object(3, '<< /Filter [/FlateDecode /FlateDecode] /Length 9 0 R >>', twice),
      object(4, '<< /Filter /DCTDecode >>', once),
      Buffer.from('%%EOF\n'),
    ]);
    expect(await unpackedSize(over(file), file.length, 64 * MiB)).toBe(8 * MiB);
  });

  it('stops a little past the cap', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * MiB));
    const file = Buffer.concat([object(1, `<< /Length ${bomb.length} /Filter /FlateDecode >>`, bomb)]);
    const counted = await unpackedSize(over(file), file.length, 4 * MiB);
    expect(counted).toBeGreaterThan(4 * MiB);
    expect(counted).toBeLessThan(6 * MiB);
  });
});
