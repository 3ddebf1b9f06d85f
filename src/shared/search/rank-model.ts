/**
 * The ranking's constants, in one object the ranking (rank.ts) reads and the relevance tools
 * (bench/search-eval.mjs) vary.
 */
import { BM25_K1 } from "./format.ts";

/** The ranking's constants (docs/decisions.md, "Search ranking", for the figures that chose them). */
export interface RankModel {
  /** How much a term's occurrence in each field counts (SEARCH_FIELDS order: title, description, headings, keywords, body). */
  fields: number[];
  /** BM25's term-frequency saturation. */
  k1: number;
  /** A page covering a share c of the query's weight is scaled by c^coverage. */
  coverage: number;
  /** A page one of whose short fields holds a share s of the query's weight is scaled by 1 + focus × s. */
  focus: number;
  /** A title, description or headings match counts by the share of the query the field holds, to this power. */
  fieldShare: number;
  /** How much more an identifier typed as written (`workflow_paused`, `$steps`) or a number counts in the query's weight. */
  code: number;
  /** A title match's idf is this share of the term's idf among titles alone, the rest its idf among pages. */
  titleIdf: number;
}

/** The model the search box and every caller use. */
export const RANK_MODEL: RankModel = {
  fields: [15, 5, 5, 8, 1],
  k1: BM25_K1,
  coverage: 0.5,
  focus: 2,
  fieldShare: 1,
  code: 2,
  titleIdf: 0.2,
};
