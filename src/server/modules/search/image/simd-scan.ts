// A WebAssembly SIMD kernel for the brute-force scan: scalar JavaScript manages ~1 multiply-add a
// nanosecond, too slow for 100 000 vectors in a 20 ms budget; f32x4 lanes give several times that.
// The module is assembled here byte by byte (it is 2 small functions), so no toolchain or native
// package is needed and it runs wherever Node 20 runs.

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
  i32Mul: 0x6c,
  i32LtU: 0x49,
  i32Shl: 0x74,
  f32Store: 0x38,
  f32Add: 0x92,
} as const;
const simd = (code: number): number[] => [0xfd, ...uleb(code)];
const v128Load = (offset = 0): number[] => [...simd(0x00), 4, ...uleb(offset)];
const v128Zero = (): number[] => [...simd(0x0c), ...new Array<number>(16).fill(0)];
const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const f32x4Lane = (lane: number): number[] => [...simd(0x1f), lane];
const get = (i: number): number[] => [op.localGet, i];
const set = (i: number): number[] => [op.localSet, i];

/** acc lanes summed: a0+a1+a2+a3 as one f32 on the stack. */
const horizontalSum = (acc: number): number[] => [
  ...get(acc),
  ...f32x4Lane(0),
  ...get(acc),
  ...f32x4Lane(1),
  op.f32Add,
  ...get(acc),
  ...f32x4Lane(2),
  op.f32Add,
  ...get(acc),
  ...f32x4Lane(3),
  op.f32Add,
];

/**
 * scan2(q1, q2, rows, n, dims, out1, out2): for each of n rows of `dims` f32 (dims a multiple of 8)
 * starting at `rows`, writes dot(q1,row) to out1[i] and dot(q2,row) to out2[i]. One pass over the
 * rows feeds both queries, since memory bandwidth, not arithmetic, is the limit.
 */
function scan2Body(): number[] {
  // params 0..6: q1 q2 rows n dims out1 out2; locals 7 i, 8 k, 9 rowBytes, 10 acc1, 11 acc2, 12 x
  const [q1, q2, rows, n, dims, out1, out2] = [0, 1, 2, 3, 4, 5, 6];
  const [i, k, rowBytes, acc1, acc2, x] = [7, 8, 9, 10, 11, 12];
  return [
    // locals: 3 i32, 3 v128
    ...vec([
      [3, I32],
      [3, V128],
    ]),
    ...get(dims),
    op.i32Const,
    2,
    op.i32Shl,
    ...set(rowBytes),
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
    // x = load(rows + k)
    ...get(rows),
    ...get(k),
    op.i32Add,
    ...v128Load(),
    ...set(x),
    ...get(acc1),
    ...get(x),
    ...get(q1),
    ...get(k),
    op.i32Add,
    ...v128Load(),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(acc1),
    ...get(acc2),
    ...get(x),
    ...get(q2),
    ...get(k),
    op.i32Add,
    ...v128Load(),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(acc2),
    // second half of an 8-float step, same pattern with offset 16
    ...get(rows),
    ...get(k),
    op.i32Add,
    ...v128Load(16),
    ...set(x),
    ...get(acc1),
    ...get(x),
    ...get(q1),
    ...get(k),
    op.i32Add,
    ...v128Load(16),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(acc1),
    ...get(acc2),
    ...get(x),
    ...get(q2),
    ...get(k),
    op.i32Add,
    ...v128Load(16),
    ...f32x4Mul,
    ...f32x4Add,
    ...set(acc2),
    ...get(k),
    op.i32Const,
    32,
    op.i32Add,
    op.localTee,
    k,
    ...get(rowBytes),
    op.i32LtU,
    op.br_if,
    0,
    op.end,
    // out1[i] = hsum(acc1); out2[i] = hsum(acc2)
    ...get(out1),
    ...get(i),
    op.i32Const,
    2,
    op.i32Shl,
    op.i32Add,
    ...horizontalSum(acc1),
    op.f32Store,
    2,
    0,
    ...get(out2),
    ...get(i),
    op.i32Const,
    2,
    op.i32Shl,
    op.i32Add,
    ...horizontalSum(acc2),
    op.f32Store,
    2,
    0,
    ...get(rows),
    ...get(rowBytes),
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
  const body = scan2Body();
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
        [...name('scan2'), 0x00, 0],
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
 * Row-major f32 matrix living in WebAssembly memory, scanned against two queries at once.
 * `dims` is padded to a multiple of 8 by the caller.
 */
export class SimdMatrix {
  private memory: WasmMemory;
  private scan: Scan2;
  private capacity = 0;
  private rowsPtr = 0;
  private queryPtr = 0;
  private outPtr = 0;
  private view: Float32Array;

  constructor(readonly dims: number) {
    if (dims % 8 !== 0) throw new Error('dims must be a multiple of 8');
    const instance = new wasm.Instance(new wasm.Module(moduleBytes()), {});
    this.memory = instance.exports.memory as WasmMemory;
    this.scan = instance.exports.scan2 as Scan2;
    this.view = new Float32Array(this.memory.buffer);
    this.reserve(1024);
  }

  /** Layout: [q1 | q2 | out1 (cap) | out2 (cap) | rows (cap × dims)], grown by doubling. */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, this.capacity * 2);
    const floats = 2 * this.dims + 2 * capacity + capacity * this.dims;
    const needed = floats * 4;
    const old = this.capacity > 0 ? this.view.slice(this.rowsPtr / 4, this.rowsPtr / 4 + this.capacity * this.dims) : null;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / 65536));
    this.view = new Float32Array(this.memory.buffer);
    this.queryPtr = 0;
    this.outPtr = 2 * this.dims * 4;
    this.rowsPtr = this.outPtr + 2 * capacity * 4;
    if (old) this.view.set(old, this.rowsPtr / 4);
    this.capacity = capacity;
  }

  setRow(row: number, values: Float32Array): void {
    this.reserve(row + 1);
    const at = this.rowsPtr / 4 + row * this.dims;
    this.view.fill(0, at, at + this.dims);
    this.view.set(values.subarray(0, this.dims), at);
  }

  copyRow(from: number, to: number): void {
    const base = this.rowsPtr / 4;
    this.view.copyWithin(base + to * this.dims, base + from * this.dims, base + (from + 1) * this.dims);
  }

  row(row: number): Float32Array {
    const at = this.rowsPtr / 4 + row * this.dims;
    return this.view.subarray(at, at + this.dims);
  }

  /** Dot products of rows [0, n) with q1 and q2; the returned arrays are views, valid until the next call. */
  scan2(q1: Float32Array, q2: Float32Array, n: number): { a: Float32Array; b: Float32Array } {
    const v = this.view;
    v.fill(0, 0, 2 * this.dims);
    v.set(q1.subarray(0, this.dims), 0);
    v.set(q2.subarray(0, this.dims), this.dims);
    this.scan(
      this.queryPtr,
      this.queryPtr + this.dims * 4,
      this.rowsPtr,
      n,
      this.dims,
      this.outPtr,
      this.outPtr + this.capacity * 4,
    );
    const o = this.outPtr / 4;
    return { a: v.subarray(o, o + n), b: v.subarray(o + this.capacity, o + this.capacity + n) };
  }
}
