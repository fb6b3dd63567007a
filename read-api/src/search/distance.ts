/**
 * Optimal-string-alignment distance (Damerau–Levenshtein where a swap of two neighbouring letters
 * is one edit, as shoppers make them), bounded: work stops once every path costs more than `max`.
 *
 * One pass gives two answers: `full`, the distance from `a` to all of `b`, and `prefix`, the
 * smallest distance from `a` to a beginning of `b` (how far a half-typed word is from `b`).
 * Either is `max + 1` when above the bound.
 */
export interface Distances {
  full: number;
  prefix: number;
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function boundedDistances(a: string, b: string, max: number): Distances {
  const over = max + 1;
  const n = a.length;
  // Columns past n + max can never bring a prefix back within the bound.
  const m = Math.min(b.length, n + max);
  if (rows[0]!.length < m + 1) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  let prevRowMin = 0;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, before[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // A swap reaches back two rows, so give up only when two rows in a row are over the bound.
    if (rowMin > max && prevRowMin > max) return { full: over, prefix: over };
    prevRowMin = rowMin;
    [before, prev, cur] = [prev, cur, before];
  }
  let prefix = over;
  for (let j = 0; j <= m; j++) if (prev[j]! < prefix) prefix = prev[j]!;
  const full = b.length === m ? Math.min(prev[m]!, over) : over;
  return { full, prefix: Math.min(prefix, over) };
}
