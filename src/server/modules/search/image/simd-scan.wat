;; The brute-force scan kernel of image search's stage one (see simd-scan.ts, which compiles this
;; text with wabt when the module loads).
;;
;; scan2i8(q1, q2, rows, n, dims, out1, out2): `n` int8 rows of `dims` bytes each (dims a multiple
;; of 16) start at `rows`; q1 and q2 are int16 queries of `dims` values. For every row i it writes
;; the two int32 dot products, row·q1 to out1[i] and row·q2 to out2[i]. Each step widens 8 row
;; bytes to int16 (v128.load8x8_s) and multiplies them pairwise with 8 query values, summing
;; adjacent products into 4 int32 lanes (i32x4.dot_i16x8_s): 8 multiply-adds an instruction, a
;; quarter of the bytes of f32 rows, and both queries share each row load.
(module
  (memory (export "memory") 1)
  (func (export "scan2i8")
    (param $q1 i32) (param $q2 i32) (param $rows i32) (param $n i32) (param $dims i32)
    (param $out1 i32) (param $out2 i32)
    (local $i i32) (local $k i32)
    (local $x v128) (local $acc1 v128) (local $acc2 v128)
    (block $done
      ;; Nothing to do for n <= 0.
      (br_if $done (i32.le_s (local.get $n) (i32.const 0)))
      (loop $row
        (local.set $acc1 (v128.const i32x4 0 0 0 0))
        (local.set $acc2 (v128.const i32x4 0 0 0 0))
        (local.set $k (i32.const 0))
        ;; 16 row bytes a turn: two steps of 8, at byte offsets 0 and 8 of the row (0 and 16
        ;; of the queries, whose values are 2 bytes).
        (loop $column
          ;; step at offset 0
          (local.set $x (v128.load8x8_s (i32.add (local.get $rows) (local.get $k))))
          (local.set $acc1
            (i32x4.add (local.get $acc1)
              (i32x4.dot_i16x8_s (local.get $x)
                (v128.load (i32.add (local.get $q1) (i32.shl (local.get $k) (i32.const 1)))))))
          (local.set $acc2
            (i32x4.add (local.get $acc2)
              (i32x4.dot_i16x8_s (local.get $x)
                (v128.load (i32.add (local.get $q2) (i32.shl (local.get $k) (i32.const 1)))))))
          ;; step at offset 8
          (local.set $x (v128.load8x8_s offset=8 (i32.add (local.get $rows) (local.get $k))))
          (local.set $acc1
            (i32x4.add (local.get $acc1)
              (i32x4.dot_i16x8_s (local.get $x)
                (v128.load offset=16
                  (i32.add (local.get $q1) (i32.shl (local.get $k) (i32.const 1)))))))
          (local.set $acc2
            (i32x4.add (local.get $acc2)
              (i32x4.dot_i16x8_s (local.get $x)
                (v128.load offset=16
                  (i32.add (local.get $q2) (i32.shl (local.get $k) (i32.const 1)))))))
          (br_if $column
            (i32.lt_u
              (local.tee $k (i32.add (local.get $k) (i32.const 16)))
              (local.get $dims))))
        ;; out1[i] and out2[i]: the four lanes of each accumulator added up.
        (i32.store
          (i32.add (local.get $out1) (i32.shl (local.get $i) (i32.const 2)))
          (i32.add
            (i32.add
              (i32.add
                (i32x4.extract_lane 0 (local.get $acc1))
                (i32x4.extract_lane 1 (local.get $acc1)))
              (i32x4.extract_lane 2 (local.get $acc1)))
            (i32x4.extract_lane 3 (local.get $acc1))))
        (i32.store
          (i32.add (local.get $out2) (i32.shl (local.get $i) (i32.const 2)))
          (i32.add
            (i32.add
              (i32.add
                (i32x4.extract_lane 0 (local.get $acc2))
                (i32x4.extract_lane 1 (local.get $acc2)))
              (i32x4.extract_lane 2 (local.get $acc2)))
            (i32x4.extract_lane 3 (local.get $acc2))))
        ;; Next row.
        (local.set $rows (i32.add (local.get $rows) (local.get $dims)))
        (br_if $row
          (i32.lt_u
            (local.tee $i (i32.add (local.get $i) (i32.const 1)))
            (local.get $n)))))))
