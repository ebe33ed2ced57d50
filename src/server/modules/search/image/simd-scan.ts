// A WebAssembly SIMD kernel for the brute-force scan. Scalar JavaScript manages ~1 multiply-add a
// nanosecond, too slow for 100 000 works × 3 views in a 20 ms budget; int8 rows with i16 queries
// (i32x4.dot_i16x8_s) do 8 a step and read a quarter of the bytes of f32, and the scan is bound by
// memory bandwidth. The kernel's source is simd-scan.wat (WebAssembly text, commented); the wabt
// package compiles it once when this module loads (0.4–0.9 s on a busy 2-core machine), so no
// native toolchain is needed and it runs wherever Node 20 runs. usearch's exact search was
// measured against it on the same data (npm run bench:imagesearch -- --scan-compare) and is not
// faster: see docs/image-search.md.
import { readFileSync } from 'node:fs';
import wabt from 'wabt';

/** The kernel's WebAssembly text, beside this file. */
export const SCAN_KERNEL_SOURCE = new URL('./simd-scan.wat', import.meta.url);

/** Compiles WebAssembly text (by default simd-scan.wat) to a binary module with wabt. */
export async function compileScanKernel(
  source: string = readFileSync(SCAN_KERNEL_SOURCE, 'utf8'),
): Promise<Uint8Array> {
  const toolkit = await wabt();
  const module = toolkit.parseWat('simd-scan.wat', source, { simd: true });
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

// The node project compiles without the DOM library, where WebAssembly's types live; these are
// the few members used here.
type WasmMemory = { readonly buffer: ArrayBuffer; grow(pages: number): number };
type WasmInstance = { readonly exports: Record<string, unknown> };
type WasmApi = {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => WasmInstance;
};
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type Scan2 = (
  q1: number,
  q2: number,
  rows: number,
  n: number,
  dims: number,
  out1: number,
  out2: number,
) => void;

/** The compiled kernel, or why there is none (then BruteForceIndex scans with plain loops). */
const kernel: { bytes: Uint8Array } | { error: string } = await compileScanKernel().then(
  (bytes) => ({ bytes }),
  (err: unknown) => ({ error: `simd-scan.wat did not compile: ${String(err)}` }),
);

/** Why the SIMD kernel is not used here, or null when it is. */
export const SIMD_UNAVAILABLE_REASON: string | null =
  'error' in kernel
    ? kernel.error
    : wasm.validate(kernel.bytes)
      ? null
      : 'this runtime has no WebAssembly SIMD';

/** Whether this runtime has WebAssembly SIMD (Node ≥ 16.4 does) and the kernel compiled. */
export const SIMD_AVAILABLE = SIMD_UNAVAILABLE_REASON === null;

/** The kernel's binary module; throws where it is unavailable. */
export function scanKernelBytes(): Uint8Array {
  if ('error' in kernel) throw new Error(kernel.error);
  return kernel.bytes;
}

/**
 * Row-major int8 matrix in WebAssembly memory, scanned against two int16 queries at once. Each row
 * keeps its own scale, so a dot product is `int32 × rowScale × queryScale`.
 */
export class SimdInt8Matrix {
  private memory: WasmMemory;
  private scan: Scan2;
  private capacity = 0;
  private rowsPtr = 0;
  private outPtr = 0;
  private bytes: Int8Array;
  private words: Int16Array;
  private ints: Int32Array;
  private scales = new Float32Array(0);

  constructor(readonly dims: number) {
    if (dims % 16 !== 0) throw new Error('dims must be a multiple of 16');
    const instance = new wasm.Instance(new wasm.Module(scanKernelBytes()), {});
    this.memory = instance.exports.memory as WasmMemory;
    this.scan = instance.exports.scan2i8 as Scan2;
    this.bytes = new Int8Array(this.memory.buffer);
    this.words = new Int16Array(this.memory.buffer);
    this.ints = new Int32Array(this.memory.buffer);
    this.reserve(1024);
  }

  /** Layout: [q1 i16 | q2 i16 | out1 i32 (cap) | out2 i32 (cap) | rows i8 (cap × dims)]. */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, this.capacity * 2);
    const queryBytes = 2 * this.dims * 2;
    const needed = queryBytes + 2 * capacity * 4 + capacity * this.dims;
    const old =
      this.capacity > 0
        ? this.bytes.slice(this.rowsPtr, this.rowsPtr + this.capacity * this.dims)
        : null;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / 65536));
    this.bytes = new Int8Array(this.memory.buffer);
    this.words = new Int16Array(this.memory.buffer);
    this.ints = new Int32Array(this.memory.buffer);
    this.outPtr = queryBytes;
    this.rowsPtr = this.outPtr + 2 * capacity * 4;
    if (old) this.bytes.set(old, this.rowsPtr);
    const scales = new Float32Array(capacity);
    scales.set(this.scales.subarray(0, Math.min(this.scales.length, capacity)));
    this.scales = scales;
    this.capacity = capacity;
  }

  setRow(row: number, values: Float32Array): void {
    this.reserve(row + 1);
    let max = 0;
    const n = Math.min(this.dims, values.length);
    for (let i = 0; i < n; i++) max = Math.max(max, Math.abs(values[i]!));
    const scale = max > 0 ? max / 127 : 1;
    const at = this.rowsPtr + row * this.dims;
    this.bytes.fill(0, at, at + this.dims);
    for (let i = 0; i < n; i++) this.bytes[at + i] = Math.round(values[i]! / scale);
    this.scales[row] = scale;
  }

  /** A row back in floats (approximately: int8 × its scale). */
  getRow(row: number): Float32Array {
    const at = this.rowsPtr + row * this.dims;
    const scale = this.scales[row]!;
    const out = new Float32Array(this.dims);
    for (let i = 0; i < this.dims; i++) out[i] = this.bytes[at + i]! * scale;
    return out;
  }

  /** Products of one row with two float queries, read from the int8 row without copying it. */
  dot2(row: number, q1: Float32Array, q2: Float32Array): [number, number] {
    const at = this.rowsPtr + row * this.dims;
    const n = Math.min(this.dims, q1.length, q2.length);
    const bytes = this.bytes;
    let x = 0;
    let y = 0;
    for (let i = 0; i < n; i++) {
      const v = bytes[at + i]!;
      x += q1[i]! * v;
      y += q2[i]! * v;
    }
    const scale = this.scales[row]!;
    return [x * scale, y * scale];
  }

  /** FNV-1a of a row's int8 values and scale: whether a copy of the row elsewhere is current. */
  digestRow(row: number): number {
    const at = this.rowsPtr + row * this.dims;
    const words = new Int32Array(this.memory.buffer, at, this.dims / 4);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
    h = Math.imul(h ^ new Int32Array(this.scales.buffer, row * 4, 1)[0]!, 0x01000193);
    return h >>> 0;
  }

  copyRow(from: number, to: number): void {
    const base = this.rowsPtr;
    this.bytes.copyWithin(
      base + to * this.dims,
      base + from * this.dims,
      base + (from + 1) * this.dims,
    );
    this.scales[to] = this.scales[from]!;
  }

  /** Approximate dot products of rows [0, n) with q1 and q2, written into a and b. */
  scan2(q1: Float32Array, q2: Float32Array, n: number, a: Float32Array, b: Float32Array): void {
    const quantise = (q: Float32Array, at: number): number => {
      let max = 0;
      const len = Math.min(this.dims, q.length);
      for (let i = 0; i < len; i++) max = Math.max(max, Math.abs(q[i]!));
      const scale = max > 0 ? max / 32767 : 1;
      this.words.fill(0, at, at + this.dims);
      for (let i = 0; i < len; i++) this.words[at + i] = Math.round(q[i]! / scale);
      return scale;
    };
    const s1 = quantise(q1, 0);
    const s2 = quantise(q2, this.dims);
    this.scan(
      0,
      this.dims * 2,
      this.rowsPtr,
      n,
      this.dims,
      this.outPtr,
      this.outPtr + this.capacity * 4,
    );
    const o1 = this.outPtr / 4;
    const o2 = o1 + this.capacity;
    const { ints, scales } = this;
    for (let r = 0; r < n; r++) {
      const rs = scales[r]!;
      a[r] = ints[o1 + r]! * rs * s1;
      b[r] = ints[o2 + r]! * rs * s2;
    }
  }
}
