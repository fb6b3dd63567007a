/** An event as the SQLite store keeps it: one row of the `events` table. */
export interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

/**
 * The newest events this process appended, in log order. The projection runner reads the log
 * right behind every append, and answering that from memory instead of a query is a good part
 * of what a command costs. Only an unbroken run of positions is served: another process writing
 * to the same file leaves a gap here (or rows after the newest one here), and a read that meets
 * one goes to the store instead.
 */
export class RecentTail {
  private rows: EventRow[] = [];

  /**
   * The runner reads right behind each append, so a few groups' worth is enough; a reader further
   * behind goes to the store. Small on purpose: under load every row kept here for more than two
   * young-generation collections (~0.2 s) is copied into the old generation, and a tail of 4096
   * rows was a third of what each collection promoted, growing the heap toward full collections.
   */
  constructor(private readonly capacity = 256) {}

  /** Rows committed by this process, in position order. */
  add(rows: EventRow[]): void {
    if (rows.length === 0) return;
    this.rows.push(...rows);
    // Trim in steps, not per append, so the array is not shifted on every commit.
    if (this.rows.length > 2 * this.capacity) this.rows = this.rows.slice(-this.capacity);
  }

  /**
   * The rows after `after`, at most `limit`, exactly as the store would give them: when this tail
   * holds `after + 1` and the rows that follow it without a gap, up to the limit or to the newest
   * row here, and `head` (the store's newest position, asked only then) says nothing newer
   * exists. Otherwise null: the store must be asked.
   */
  read(after: number, limit: number, head: () => number): EventRow[] | null {
    const start = this.indexOf(after + 1);
    if (start < 0) return null;
    let end = start + 1;
    while (end < this.rows.length && end - start < limit && this.rows[end]!.position === this.rows[end - 1]!.position + 1) end++;
    const full = end - start === limit;
    if (!full && (end < this.rows.length || head() !== this.rows[end - 1]!.position)) return null;
    return this.rows.slice(start, end);
  }

  private indexOf(position: number): number {
    const rows = this.rows;
    if (rows.length === 0 || position < rows[0]!.position || position > rows[rows.length - 1]!.position) return -1;
    // Without gaps the offset is exact; with gaps, search.
    const guess = position - rows[0]!.position;
    if (rows[guess]?.position === position) return guess;
    let low = 0;
    let high = rows.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = rows[mid]!.position;
      if (at === position) return mid;
      if (at < position) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
}
