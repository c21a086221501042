import type { Category } from "../categories";
import type { Caster } from "./caster";
import type { Rng } from "./random";
import type { Slots } from "./template";

/** One development of an event: when it breaks, how much coverage it draws, what it adds, how it is written. */
export interface Stage {
  /** Hours after the event starts when this development breaks (drawn uniformly in the range). */
  at: [number, number];
  /** Relative share of the event's coverage. */
  weight: number;
  /** A development that revives a story after a quiet spell; only some events get one. */
  reignite?: boolean;
  /** New facts (numbers, names, reactions); they replace earlier values of the same slot. */
  facts?: (r: Rng, s: Slots) => Slots;
  headlines: string[];
  /** Opening sentences of the article text. */
  texts: string[];
}

/** A kind of news event (an earthquake, an earnings report): who it involves and how it unfolds. */
export interface EventKind {
  id: string;
  category: Category;
  /** Relative frequency among the kinds of its category. */
  weight: number;
  /** How much coverage such an event draws, relative to an ordinary story (an earthquake more, earnings less). */
  scale?: number;
  /**
   * Minimum hours between two independent events of this kind (confusable twins aside): deadly earthquakes do not
   * come four a day. Routine kinds (earnings, matches) have none.
   */
  spacing?: number;
  /** The slot that identifies an event of this kind; two confusable events always differ on it. */
  key: string;
  /** Roles a confusable twin shares with its original (empty: the twin shares only kind and timing). */
  shared: string[];
  /** When a confusable twin starts, in hours after its original (negative: before). */
  twinGap: [number, number];
  cast(c: Caster): Slots;
  /** Noun phrases naming the event, for explainers, live pages and analysis pieces. */
  topics: string[];
  stages: Stage[];
}

export interface SimStage {
  index: number;
  at: number;
  slots: Slots;
}

/** One event of the simulated world, with its true id. */
export interface SimEvent {
  id: string;
  kind: string;
  category: Category;
  start: number;
  /** Expected number of original articles (before syndicated copies). */
  size: number;
  stages: SimStage[];
  /** The event this one was made to be confused with. */
  twinOf: string | null;
  topic: string;
  /** The identity slot's value (the country of a quake, the company of an earnings report). */
  key: string;
}

export type OutletTier = "wire" | "fast" | "standard" | "slow";

/** A simulated news outlet. Its name says it is simulated wherever it is shown. */
export interface Outlet {
  slug: string;
  name: string;
  host: string;
  country: string;
  category: Category;
  tier: OutletTier;
  format: "rss" | "atom";
  /** Relative weight per category of how much of that news the outlet covers. */
  beats: Partial<Record<Category, number>>;
  style: {
    titleCase: boolean;
    /** Appends " - Name" / " | Name" to headlines, as some feeds do. */
    credit: string | null;
    /** How article URLs look: a dated slug, a section and slug, or a bare numeric id. */
    url: "dated" | "section" | "id";
  };
  /** Wires whose copy this outlet republishes. */
  syndicates: string[];
}

/** One article of the newswire, with its true event id. */
export interface NewswireArticle {
  id: string;
  eventId: string;
  outlet: string;
  url: string;
  title: string;
  text: string;
  publishedAt: number;
  /** The category the outlet filed it under (mostly the event's, sometimes a neighbouring one). */
  category: Category;
  stage: number;
  /** Id of the wire article this one republishes verbatim. */
  syndicatedFrom: string | null;
}
