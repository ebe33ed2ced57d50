import { crc32, deflateSync } from 'node:zlib';

// Test images for the browser tests: a PNG built from raw stripes (no image library), different
// for every seed, so no earlier upload of the run matches it.

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A 640×640 striped PNG whose colours and stripes depend on `seed`. */
export function patternPng(seed: number): Buffer {
  const size = 640;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const band = Math.floor((x + y * 2 + seed) / 24) % 3;
      const i = row + 1 + x * 3;
      raw[i] = band === 0 ? 30 + (seed % 200) : 235;
      raw[i + 1] = band === 1 ? 90 : 220;
      raw[i + 2] = band === 2 ? 180 : (seed * 7) % 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
