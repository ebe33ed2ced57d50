import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../db/seed/pattern-art';
import {
  SIMD_AVAILABLE,
  SIMD_UNAVAILABLE_REASON,
  SimdInt8Matrix,
  compileScanKernel,
  scanKernelBytes,
} from './simd-scan';

// The node project compiles without the DOM library, where WebAssembly's types live.
type Instance = {
  exports: {
    memory: { buffer: ArrayBuffer; grow(pages: number): number };
    scan2i8: (...args: number[]) => void;
  };
};
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Instance: new (m: object) => Instance; Module: new (b: Uint8Array) => object };
  }
).WebAssembly;

describe('the SIMD scan kernel compiled from simd-scan.wat', () => {
  it('compiles and runs here', () => {
    expect(SIMD_UNAVAILABLE_REASON).toBeNull();
    expect(SIMD_AVAILABLE).toBe(true);
  });

  it('is the module that was assembled byte by byte before it had a source file', () => {
    // sha256 of the 341 bytes simd-scan.ts used to build by hand (issue 10).
    expect(createHash('sha256').update(scanKernelBytes()).digest('hex')).toBe(
      '84e7d81bbe94b1d45c9fd255784d40ca62e0a3711e24a2888c993d9bc974a48a',
    );
  });

  it('gives the exact int32 dot products of a plain JavaScript loop on random data', () => {
    const random = createRandom(17);
    const { exports } = new wasm.Instance(new wasm.Module(scanKernelBytes()));
    exports.memory.grow(2); // 3 pages of 64 KiB hold the largest case below
    for (const [dims, n] of [
      [16, 1],
      [48, 37],
      [160, 500],
    ] as const) {
      // Layout: [q1 i16 | q2 i16 | out1 i32 × n | out2 i32 × n | rows i8 × n × dims]
      const q1 = 0;
      const q2 = dims * 2;
      const out1 = dims * 4;
      const out2 = out1 + n * 4;
      const rows = out2 + n * 4;
      const bytes = new Int8Array(exports.memory.buffer);
      const words = new Int16Array(exports.memory.buffer);
      const ints = new Int32Array(exports.memory.buffer);
      const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
      // Extremes included: the products and sums must not saturate or wrap.
      for (let i = 0; i < 2 * dims; i++) words[i] = i % 11 === 0 ? -32768 : int(-32767, 32767);
      for (let i = 0; i < n * dims; i++) bytes[rows + i] = i % 13 === 0 ? -128 : int(-127, 127);
      ints.fill(0x7eadbeef, out1 / 4, rows / 4);
      exports.scan2i8(q1, q2, rows, n, dims, out1, out2);
      for (let r = 0; r < n; r++) {
        let a = 0;
        let b = 0;
        for (let i = 0; i < dims; i++) {
          const x = bytes[rows + r * dims + i]!;
          a += x * words[i]!;
          b += x * words[dims + i]!;
        }
        expect(ints[out1 / 4 + r]).toBe(a);
        expect(ints[out2 / 4 + r]).toBe(b);
      }
    }
    // n = 0 writes nothing.
    const ints = new Int32Array(exports.memory.buffer);
    ints[0] = 42;
    exports.scan2i8(64, 96, 128, 0, 16, 0, 4);
    expect(ints[0]).toBe(42);
  });

  it('scores like float dot products through SimdInt8Matrix', () => {
    const random = createRandom(23);
    const dims = 160;
    const matrix = new SimdInt8Matrix(dims);
    const rows = Array.from({ length: 2000 }, () =>
      Float32Array.from({ length: dims - 8 }, () => random() - 0.5),
    );
    rows.forEach((v, r) => matrix.setRow(r, v));
    const q1 = Float32Array.from({ length: dims }, () => random() - 0.5);
    const q2 = Float32Array.from({ length: dims }, () => random() * 2 - 1);
    const a = new Float32Array(rows.length);
    const b = new Float32Array(rows.length);
    matrix.scan2(q1, q2, rows.length, a, b);
    rows.forEach((v, r) => {
      let x = 0;
      let y = 0;
      v.forEach((value, i) => {
        x += value * q1[i]!;
        y += value * q2[i]!;
      });
      // int8 rows: an error of about half a quantisation step a component.
      expect(Math.abs(a[r]! - x)).toBeLessThan(0.05);
      expect(Math.abs(b[r]! - y)).toBeLessThan(0.1);
    });
  });

  it('reports a broken source instead of running it', async () => {
    await expect(compileScanKernel('(module (func (i32.add)))')).rejects.toThrow();
  });
});
