import { toCategory, type Category } from "../categories";
import { categoryFromLabel } from "./category-labels";
import { classifyCategory } from "./classify-category";

export interface CategoryEvidence {
  /** The item's own <category>/<dc:subject>/tags, as the feed gives them. */
  itemCategories: string[];
  /** The topic the registry gives this feed (e.g. from a "Tech" list), if any. */
  feedCategory: string | null;
  sourceCategory: string | null;
  title: string;
  excerpt: string | null;
}

export type CategoryOrigin = "item" | "feed" | "source" | "classifier" | "default";

/**
 * An article's category, always a contract slug: the item's own category, else its feed's topic, else its source's
 * category, else the classifier, else `world`. A `world` feed or source is a general news outlet, whose label says
 * nothing about one article's topic, so the classifier decides there and `world` stays the fallback.
 */
export function chooseCategory(e: CategoryEvidence): { category: Category; origin: CategoryOrigin } {
  for (const label of e.itemCategories) {
    const c = categoryFromLabel(label);
    if (c) return { category: c, origin: "item" };
  }
  const feed = toCategory(e.feedCategory);
  if (feed && feed !== "world") return { category: feed, origin: "feed" };
  const source = toCategory(e.sourceCategory);
  if (source && source !== "world") return { category: source, origin: "source" };
  const classified = classifyCategory(e.title, e.excerpt);
  if (classified) return { category: classified, origin: "classifier" };
  return { category: "world", origin: "default" };
}
