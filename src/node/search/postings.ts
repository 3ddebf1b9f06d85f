/** Every posting of a site, kept in typed arrays while the index is assembled (millions at 4,000 pages). */

/** A PostingList as plain data (its buffer transferable to another thread). */
export interface PostingData {
  data: Int32Array<ArrayBuffer>;
  length: number;
  ordered: boolean;
}

/** Every (term, field, page, tf) of a site in typed arrays, added page by page. */
export class PostingList {
  length = 0;
  private data = new Int32Array(4 * 4096);
  /** Whether the pages came in ascending order (else each group is put in page order when read). */
  private ordered = true;
  private lastPage = -1;

  /** The list as plain data (the same buffer). */
  toData(): PostingData {
    return { data: this.data, length: this.length, ordered: this.ordered };
  }

  /** A list from its data. */
  static fromData(d: PostingData): PostingList {
    const list = new PostingList();
    list.adopt(d);
    return list;
  }

  /** Takes over `d` (its buffer too) in place of what the list held; pushes may follow. */
  adopt(d: PostingData): void {
    this.data = d.data;
    this.length = d.length;
    this.ordered = d.ordered;
    this.lastPage = d.length ? this.data[(d.length - 1) * 4 + 2]! : -1;
  }

  /** Adds one posting; a page's postings come together, pages in any order. */
  push(term: number, field: number, page: number, tf: number): void {
    if (page < this.lastPage) this.ordered = false;
    this.lastPage = page;
    if ((this.length + 1) * 4 > this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    const at = this.length++ * 4;
    this.data[at] = term;
    this.data[at + 1] = field;
    this.data[at + 2] = page;
    this.data[at + 3] = tf;
  }

  /**
   * The postings grouped by term and field (a counting sort, so each group keeps page order):
   * `pagesOf(term, field, add)` lists one group.
   */
  byTerm(
    termCount: number,
    fieldCount: number,
  ): (term: number, field: number, add: (page: number, tf: number) => void) => void {
    const groups = termCount * fieldCount;
    const key = (i: number) => this.data[i * 4]! * fieldCount + this.data[i * 4 + 1]!;
    const start = new Int32Array(groups + 1);
    for (let i = 0; i < this.length; i++) start[key(i) + 1]!++;
    for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
    const order = new Int32Array(this.length);
    const next = start.slice(0, groups);
    for (let i = 0; i < this.length; i++) order[next[key(i)]!++] = i;
    const data = this.data;
    // Pages added out of order (a few, at the end): each group sorted by page, by insertion.
    if (!this.ordered) {
      for (let g = 0; g < groups; g++) {
        for (let k = start[g]! + 1; k < start[g + 1]!; k++) {
          const item = order[k]!;
          const page = data[item * 4 + 2]!;
          let j = k - 1;
          while (j >= start[g]! && data[order[j]! * 4 + 2]! > page) {
            order[j + 1] = order[j]!;
            j--;
          }
          order[j + 1] = item;
        }
      }
    }
    return (term, field, add) => {
      const g = term * fieldCount + field;
      for (let k = start[g]!; k < start[g + 1]!; k++)
        add(data[order[k]! * 4 + 2]!, data[order[k]! * 4 + 3]!);
    };
  }

  /** How many pages hold each term in each field: `[term * fieldCount + field]`. */
  counts(termCount: number, fieldCount: number): Int32Array {
    const out = new Int32Array(termCount * fieldCount);
    for (let i = 0; i < this.length; i++)
      out[this.data[i * 4]! * fieldCount + this.data[i * 4 + 1]!]!++;
    return out;
  }
}
