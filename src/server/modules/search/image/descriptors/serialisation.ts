// Serialisation: a descriptor as bytes for the database (little-endian, versioned), and back.
import { COARSE_DIMS, DESCRIPTOR_VERSION, SPECTRUM_DIMS } from './layout';
import type { ImageDescriptor, PaletteColour, ViewDescriptor } from './layout';
import { HASH_WORDS } from './hashing';
import { FINE_DIMS } from './spectrum';

const MAGIC = 0x5759; // 'WY'
const VIEW_BYTES = 4 * (COARSE_DIMS + SPECTRUM_DIMS);
const HEADER_BYTES = 16 + 4 * HASH_WORDS;

/** Packs a descriptor into bytes for the database (little-endian; ~1.1 KB a view). */
export function serialiseDescriptor(d: ImageDescriptor): Buffer {
  const palette = d.palette.slice(0, 255);
  const buf = Buffer.alloc(
    HEADER_BYTES + FINE_DIMS * 4 + d.views.length * VIEW_BYTES + palette.length * 5,
  );
  buf.writeUInt16LE(MAGIC, 0);
  buf.writeUInt16LE(DESCRIPTOR_VERSION, 2);
  buf.writeUInt16LE(COARSE_DIMS, 4);
  buf.writeUInt16LE(SPECTRUM_DIMS, 6);
  buf.writeUInt16LE(d.views.length, 8);
  buf.writeUInt16LE(palette.length, 10);
  buf.writeUInt16LE(FINE_DIMS, 12);
  buf.writeUInt16LE(HASH_WORDS, 14);
  let o = 16;
  for (let w = 0; w < HASH_WORDS; w++, o += 4) buf.writeUInt32LE(d.hash[w]!, o);
  for (let i = 0; i < FINE_DIMS; i++, o += 4) buf.writeFloatLE(d.fine[i]!, o);
  for (const view of d.views) {
    for (const part of [view.coarse, view.spectrum]) {
      for (let i = 0; i < part.length; i++, o += 4) buf.writeFloatLE(part[i]!, o);
    }
  }
  for (const p of palette) {
    buf.writeUIntBE(Number.parseInt(p.color.slice(1), 16), o, 3);
    buf.writeUInt16LE(Math.round(p.ratio * 10_000), o + 3);
    o += 5;
  }
  return buf;
}

/** The version a stored descriptor was made with, or -1 when the bytes are not a descriptor. */
export function storedDescriptorVersion(bytes: Uint8Array): number {
  if (bytes.length < 16) return -1;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.readUInt16LE(0) === MAGIC ? buf.readUInt16LE(2) : -1;
}

/** Unpacks bytes written by serialiseDescriptor of the current version; null otherwise. */
export function deserialiseDescriptor(bytes: Uint8Array): ImageDescriptor | null {
  if (storedDescriptorVersion(bytes) !== DESCRIPTOR_VERSION) return null;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt16LE(4) !== COARSE_DIMS || buf.readUInt16LE(6) !== SPECTRUM_DIMS) return null;
  if (buf.readUInt16LE(12) !== FINE_DIMS || buf.readUInt16LE(14) !== HASH_WORDS) return null;
  const viewCount = buf.readUInt16LE(8);
  const paletteCount = buf.readUInt16LE(10);
  const expected = HEADER_BYTES + FINE_DIMS * 4 + viewCount * VIEW_BYTES + paletteCount * 5;
  if (viewCount < 1 || buf.length !== expected) return null;
  const hash = new Uint32Array(HASH_WORDS);
  for (let w = 0; w < HASH_WORDS; w++) hash[w] = buf.readUInt32LE(16 + 4 * w);
  let o = HEADER_BYTES;
  const read = (n: number) => {
    const part = new Float32Array(n);
    for (let i = 0; i < n; i++, o += 4) part[i] = buf.readFloatLE(o);
    return part;
  };
  const fine = read(FINE_DIMS);
  const views: ViewDescriptor[] = [];
  for (let v = 0; v < viewCount; v++)
    views.push({ coarse: read(COARSE_DIMS), spectrum: read(SPECTRUM_DIMS) });
  const palette: PaletteColour[] = [];
  for (let i = 0; i < paletteCount; i++, o += 5) {
    palette.push({
      color: `#${buf.readUIntBE(o, 3).toString(16).padStart(6, '0')}`,
      ratio: buf.readUInt16LE(o + 3) / 10_000,
    });
  }
  return { hash, views, fine, palette };
}
