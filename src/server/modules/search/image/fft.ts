// Small radix-2 FFT for the 2-D spectra of the descriptors: sizes are powers of two (≤ 256).

const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array; rev: Uint32Array }>();

function tablesFor(n: number): { cos: Float64Array; sin: Float64Array; rev: Uint32Array } {
  let t = twiddles.get(n);
  if (t) return t;
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`fft size must be a power of two: ${n}`);
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let i = 0; i < n / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / n);
    sin[i] = -Math.sin((2 * Math.PI * i) / n);
  }
  const rev = new Uint32Array(n);
  const bits = Math.log2(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    rev[i] = r;
  }
  t = { cos, sin, rev };
  twiddles.set(n, t);
  return t;
}

/** In-place forward FFT of `n` complex values read with a stride (rows: 1, columns: width). */
function fft1d(
  re: Float64Array,
  im: Float64Array,
  start: number,
  stride: number,
  n: number,
  scratchRe: Float64Array,
  scratchIm: Float64Array,
): void {
  const { cos, sin, rev } = tablesFor(n);
  for (let i = 0; i < n; i++) {
    const j = rev[i]!;
    scratchRe[j] = re[start + i * stride]!;
    scratchIm[j] = im[start + i * stride]!;
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let i = 0; i < n; i += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        const a = i + k;
        const b = a + half;
        const br = scratchRe[b]!;
        const bi = scratchIm[b]!;
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const ar = scratchRe[a]!;
        const ai = scratchIm[a]!;
        scratchRe[a] = ar + tr;
        scratchIm[a] = ai + ti;
        scratchRe[b] = ar - tr;
        scratchIm[b] = ai - ti;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    re[start + i * stride] = scratchRe[i]!;
    im[start + i * stride] = scratchIm[i]!;
  }
}

/** In-place forward 2-D FFT of a `size`×`size` complex image stored row-major. */
export function fft2d(re: Float64Array, im: Float64Array, size: number): void {
  const scratchRe = new Float64Array(size);
  const scratchIm = new Float64Array(size);
  for (let y = 0; y < size; y++) fft1d(re, im, y * size, 1, size, scratchRe, scratchIm);
  for (let x = 0; x < size; x++) fft1d(re, im, x, size, size, scratchRe, scratchIm);
}
