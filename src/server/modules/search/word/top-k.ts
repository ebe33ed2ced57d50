/**
 * The best `k` items by (primary, secondary, tie), each higher first, kept in a bounded heap over
 * typed arrays: O(n log k) for n offered, and most items of a large result are turned away by one
 * comparison with the worst kept (`admits`) before their other keys are even read. Ties must be
 * broken by a unique `tie` (the work id) for the order to be total; then the result is exactly the
 * first `k` of a full sort (top-k.test.ts checks it on random data with many ties).
 */
export class TopK {
  private readonly items: Int32Array;
  private readonly primary: Float64Array;
  private readonly secondary: Float64Array;
  private readonly tie: Float64Array;
  private size = 0;

  constructor(readonly k: number) {
    const n = Math.max(k, 1);
    this.items = new Int32Array(n);
    this.primary = new Float64Array(n);
    this.secondary = new Float64Array(n);
    this.tie = new Float64Array(n);
  }

  /** Whether an item with this primary key can be kept (false: it ranks after all k kept). */
  admits(primary: number): boolean {
    return this.size < this.k || primary >= (this.primary[0] ?? 0);
  }

  /** Slot a ranks after slot b (the heap's root is the last of those kept). */
  private after(a: number, b: number): boolean {
    const pa = this.primary[a] ?? 0;
    const pb = this.primary[b] ?? 0;
    if (pa !== pb) return pa < pb;
    const sa = this.secondary[a] ?? 0;
    const sb = this.secondary[b] ?? 0;
    if (sa !== sb) return sa < sb;
    return (this.tie[a] ?? 0) < (this.tie[b] ?? 0);
  }

  private put(slot: number, item: number, primary: number, secondary: number, tie: number): void {
    this.items[slot] = item;
    this.primary[slot] = primary;
    this.secondary[slot] = secondary;
    this.tie[slot] = tie;
  }

  private swap(a: number, b: number): void {
    const { items, primary, secondary, tie } = this;
    const item = items[a] ?? 0;
    items[a] = items[b] ?? 0;
    items[b] = item;
    const p = primary[a] ?? 0;
    primary[a] = primary[b] ?? 0;
    primary[b] = p;
    const s = secondary[a] ?? 0;
    secondary[a] = secondary[b] ?? 0;
    secondary[b] = s;
    const t = tie[a] ?? 0;
    tie[a] = tie[b] ?? 0;
    tie[b] = t;
  }

  offer(item: number, primary: number, secondary: number, tie: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      let i = this.size;
      this.size += 1;
      this.put(i, item, primary, secondary, tie);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.after(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    // Replaces the root (the last kept) when the item ranks before it, then sifts it down.
    const p0 = this.primary[0] ?? 0;
    if (primary < p0) return;
    if (primary === p0) {
      const s0 = this.secondary[0] ?? 0;
      if (secondary < s0 || (secondary === s0 && tie <= (this.tie[0] ?? 0))) return;
    }
    this.put(0, item, primary, secondary, tie);
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let last = i;
      if (l < this.size && this.after(l, last)) last = l;
      if (r < this.size && this.after(r, last)) last = r;
      if (last === i) break;
      this.swap(i, last);
      i = last;
    }
  }

  /** The kept items, best first. */
  sorted(): number[] {
    const slots = Array.from({ length: this.size }, (_, i) => i);
    slots.sort((a, b) => (this.after(b, a) ? -1 : this.after(a, b) ? 1 : 0));
    return slots.map((slot) => this.items[slot] ?? 0);
  }
}
