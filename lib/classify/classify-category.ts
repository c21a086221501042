import type { Category } from "../categories";
import { textFeatures } from "./features";
import type { ClassifierModel } from "./model-format";
import modelJson from "./model.json";

const shipped = modelJson as unknown as ClassifierModel;
const weightMaps = new WeakMap<ClassifierModel, Map<string, number[]>>();

/** Only the excerpt's start: a long body adds noise faster than evidence. */
const EXCERPT_CHARS = 300;

export interface CategoryScore {
  category: Category | null;
  scores: Record<Category, number>;
}

/** Scores a headline (and excerpt) against every category with the shipped keyword-weighted model. */
export function scoreCategories(title: string, excerpt?: string | null): CategoryScore {
  return scoreWithModel(shipped, title, excerpt);
}

/** Scores with a given model (the training script evaluates candidate models before one ships). */
export function scoreWithModel(
  model: ClassifierModel,
  title: string,
  excerpt?: string | null,
): CategoryScore {
  let weights = weightMaps.get(model);
  if (!weights) weightMaps.set(model, (weights = new Map(Object.entries(model.weights))));
  const totals = new Array<number>(model.categories.length).fill(0);
  const add = (features: string[], factor: number) => {
    for (const f of new Set(features)) {
      const w = weights?.get(f);
      if (!w) continue;
      for (let i = 0; i + 1 < w.length; i += 2) {
        const k = w[i] as number;
        totals[k] = (totals[k] ?? 0) + factor * (w[i + 1] as number);
      }
    }
  };
  add(textFeatures(title), 1);
  if (excerpt) add(textFeatures(excerpt.slice(0, EXCERPT_CHARS)), model.excerptWeight);
  const order = totals.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
  const [best, second] = [order[0], order[1]];
  const confident =
    best !== undefined && best[0] >= model.threshold && best[0] - (second?.[0] ?? 0) >= model.margin;
  return {
    category: confident ? (model.categories[best[1]] ?? null) : null,
    scores: Object.fromEntries(model.categories.map((c, i) => [c, totals[i] ?? 0])) as Record<
      Category,
      number
    >,
  };
}

/** The category of an article from its text, or null when the model is not confident (callers fall back). */
export function classifyCategory(title: string, excerpt?: string | null): Category | null {
  return scoreCategories(title, excerpt).category;
}
