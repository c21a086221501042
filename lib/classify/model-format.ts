import type { Category } from "../categories";

/** The classifier's parameters as `model.json` holds them (written by train-classifier.ts). */
export interface ClassifierModel {
  categories: Category[];
  /** Least score the best category needs. */
  threshold: number;
  /** Least lead over the runner-up. */
  margin: number;
  /** How much an excerpt feature counts next to a headline feature. */
  excerptWeight: number;
  /** Feature → flat [category index, weight, category index, weight, …]; absent categories weigh 0. */
  weights: Record<string, number[]>;
  meta: Record<string, unknown>;
}
