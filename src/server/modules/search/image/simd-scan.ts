// A WebAssembly SIMD kernel for the brute-force scan. Scalar JavaScript manages ~1 multiply-add a
// nanosecond, too slow for 100 000 works × 3 views in a 20 ms budget; int8 rows with i16 queries
// (i32x4.dot_i16x8_s) do 8 a step and read a quarter of the bytes of f32, and the scan is bound by
// memory bandwidth. The module (one function) is assembled here byte by byte, so no toolchain or
// native package is needed and it runs wherever Node 20 runs.

const uleb = (n: number): number[] => {
  const out: number[] = [];
  let v = n >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
};
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => [...uleb(s.length), ...Buffer.from(s, 'utf8')];

const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: 0x02,
  loop: 0x03,
  br_if: 0x0d,
  end: 0x0b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Const: 0x41,
  i32Add: 0x6a,
  i32LtU: 0x49,
  i32Shl: 0x74,
} as const;
const simd = (code: number): number[] => [0xfd, ...uleb(code)];
const v128Load = (offset = 0): number[] => [...simd(0x00), 4, ...uleb(offset)];
const v128Zero = (): number[] => [...simd(0x0c), ...new Array<number>(16).fill(0)];
const get = (i: number): number[] => [op.localGet, i];
const set = (i: number): number[] => [op.localSet, i];

const i16x8Load8x8 = (offset = 0): number[] => [...simd(0x01), 3, ...uleb(offset)];
const i32x4Dot16 = simd(0xba);
const i32x4Add = simd(0xae);
const i32x4Lane = (lane: number): number[] => [...simd(0x1b), lane];
const I32_STORE = 0x36;

const horizontalSumI32 = (acc: number): number[] => [
  ...get(acc),
  ...i32x4Lane(0),
  ...get(acc),
  ...i32x4Lane(1),
  op.i32Add,
  ...get(acc),
  ...i32x4Lane(2),
  op.i32Add,
  ...get(acc),
  ...i32x4Lane(3),
  op.i32Add,
];

/**
 * scan2i8(q1, q2, rows, n, dims, out1, out2): rows are int8 (dims a multiple of 16), the queries
 * int16; writes the two int32 dot products of every row. A quarter of the bytes of f32 rows, and
 * the scan is bound by memory bandwidth.
 */
function scan2i8Body(): number[] {
  const [q1, q2, rows, n, dims, out1, out2] = [0, 1, 2, 3, 4, 5, 6];
  const [i, k, x, acc1, acc2] = [7, 8, 9, 10, 11];
  const step = (offset: number): number[] => [
    ...get(rows),
    ...get(k),
    op.i32Add,
    ...i16x8Load8x8(offset),
    ...set(x),
    ...get(acc1),
    ...get(x),
    ...get(q1),
    ...get(k),
    op.i32Const,
    1,
    op.i32Shl,
    op.i32Add,
    ...v128Load(offset * 2),
    ...i32x4Dot16,
    ...i32x4Add,
    ...set(acc1),
    ...get(acc2),
    ...get(x),
    ...get(q2),
    ...get(k),
    op.i32Const,
    1,
    op.i32Shl,
    op.i32Add,
    ...v128Load(offset * 2),
    ...i32x4Dot16,
    ...i32x4Add,
    ...set(acc2),
  ];
  const store = (out: number, acc: number): number[] => [
    ...get(out),
    ...get(i),
    op.i32Const,
    2,
    op.i32Shl,
    op.i32Add,
    ...horizontalSumI32(acc),
    I32_STORE,
    2,
    0,
  ];
  return [
    ...vec([
      [2, I32],
      [3, V128],
    ]),
    op.block,
    0x40,
    ...get(n),
    op.i32Const,
    0,
    0x4c, // i32.le_s
    op.br_if,
    0,
    op.loop,
    0x40,
    ...v128Zero(),
    ...set(acc1),
    ...v128Zero(),
    ...set(acc2),
    op.i32Const,
    0,
    ...set(k),
    op.loop,
    0x40,
    ...step(0),
    ...step(8),
    ...get(k),
    op.i32Const,
    16,
    op.i32Add,
    op.localTee,
    k,
    ...get(dims),
    op.i32LtU,
    op.br_if,
    0,
    op.end,
    ...store(out1, acc1),
    ...store(out2, acc2),
    ...get(rows),
    ...get(dims),
    op.i32Add,
    ...set(rows),
    ...get(i),
    op.i32Const,
    1,
    op.i32Add,
    op.localTee,
    i,
    ...get(n),
    op.i32LtU,
    op.br_if,
    0,
    op.end,
    op.end,
    op.end,
  ];
}

function moduleBytes(): Uint8Array {
  const typeScan2 = [0x60, ...vec(new Array<number[]>(7).fill([I32])), 0];
  const body = scan2i8Body();
  const bytes = [
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec([typeScan2])),
    ...section(3, vec([[0]])),
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name('scan2i8'), 0x00, 0],
      ]),
    ),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ];
  return Uint8Array.from(bytes);
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

/** Whether this runtime has WebAssembly SIMD (Node ≥ 16.4 does). */
export const SIMD_AVAILABLE = (() => {
  try {
    return wasm.validate(moduleBytes());
  } catch {
    return false;
  }
})();

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
    const instance = new wasm.Instance(new wasm.Module(moduleBytes()), {});
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
