import { once } from 'node:events';
import { createDeflate } from 'node:zlib';

/**
 * A one-page PDF whose page content is `unpackedBytes` of spaces, deflated (1 GiB makes about 1 MB):
 * valid, small to send, and a gigabyte for any reader that unpacks it. Made as it is sent, never
 * held unpacked.
 */
export async function pdfBomb(unpackedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = unpackedBytes; left > 0; left -= spaces.length) {
    if (!deflate.write(spaces.subarray(0, Math.min(left, spaces.length)))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const data = Buffer.concat(packed);
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (...pieces: Buffer[]) => {
    for (const piece of pieces) {
      parts.push(piece);
      length += piece.length;
    }
  };
  const object = (body: string, stream?: Buffer) => {
    offsets.push(length);
    const number = offsets.length;
    if (!stream) return add(Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1'));
    add(Buffer.from(`${number} 0 obj\n${body}\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n'));
  };
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 540 675] /Contents 4 0 R >>');
  object(`<< /Length ${data.length} /Filter /FlateDecode >>`, data);
  const xref = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}
