import type { Category } from "../categories";
import { ANGLES } from "./angles";
import { kindById } from "./kinds";
import { articleUrl, styleHeadline } from "./outlet-style";
import { adjacentCategories } from "./outlets";
import type { Rng } from "./random";
import { render } from "./template";
import type { NewswireArticle, Outlet, OutletTier, SimEvent, SimStage, Stage } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Median minutes from a development to an outlet's story, and the spread: wires first, regionals hours later. */
const LAG: Record<OutletTier, [number, number]> = {
  wire: [7, 0.5],
  fast: [25, 0.6],
  standard: [60, 0.7],
  slow: [150, 0.7],
};
/** How likely each tier is to carry the first hour of a story, relative to its later coverage. */
const EARLY: Record<OutletTier, number> = { wire: 4, fast: 2, standard: 1, slow: 0.5 };
/** Share of wire stories a subscribing outlet republishes verbatim. */
const SYNDICATION_RATE = 0.12;

interface Draft extends Omit<NewswireArticle, "id" | "url" | "syndicatedFrom"> {
  plain: string;
  copyOf: Draft | null;
}

export interface WriteOptions {
  start: number;
  end: number;
  idPrefix: string;
}

/** Writes every event's coverage: which outlets report each development, when, and in what words. */
export function writeArticles(
  rng: Rng,
  events: SimEvent[],
  outlets: Outlet[],
  o: WriteOptions,
): NewswireArticle[] {
  const drafts: Draft[] = [];
  for (const ev of events) drafts.push(...coverEvent(rng.fork(ev.id), ev, outlets));
  const kept = drafts
    .filter((d) => d.publishedAt >= o.start && d.publishedAt < o.end)
    .sort((a, b) => a.publishedAt - b.publishedAt || a.outlet.localeCompare(b.outlet));
  const ids = new Map<Draft, string>();
  const urls = new Set<string>();
  const bySlug = new Map(outlets.map((x) => [x.slug, x]));
  return kept.map((d, i) => {
    const id = `${o.idPrefix}${String(i + 1).padStart(5, "0")}`;
    ids.set(d, id);
    let url = articleUrl(bySlug.get(d.outlet) as Outlet, d.plain, d.category, d.publishedAt, i);
    // Two takes with one headline on one day still get two addresses, as on a real site.
    for (let n = 2; urls.has(url); n++) url = url.replace(/\/?$/, `-${n}`);
    urls.add(url);
    return {
      id,
      eventId: d.eventId,
      outlet: d.outlet,
      url,
      title: d.title,
      text: d.text,
      publishedAt: d.publishedAt,
      category: d.category,
      stage: d.stage,
      syndicatedFrom: d.copyOf ? (ids.get(d.copyOf) ?? null) : null,
    };
  });
}

function coverEvent(r: Rng, ev: SimEvent, outlets: Outlet[]): Draft[] {
  const kind = kindById(ev.kind);
  const total = ev.stages.reduce((sum, s) => sum + (kind.stages[s.index] as Stage).weight, 0);
  const pool = outlets.filter((x) => (x.beats[ev.category] ?? 0) > 0);
  const drafts: Draft[] = [];
  const written = new Map<string, Set<string>>();
  ev.stages.forEach((st, si) => {
    const stage = kind.stages[st.index] as Stage;
    // An outlet writes one or two pieces per development, however big the story.
    const n = Math.min(
      Math.ceil(pool.length * 1.4),
      Math.max(si === 0 ? 2 : 1, Math.round((ev.size * stage.weight) / total)),
    );
    const chosen = pickOutlets(r, pool, n, ev.category, si === 0);
    const seen = new Set<string>();
    chosen.forEach((outlet, k) => {
      const again = seen.has(outlet.slug);
      seen.add(outlet.slug);
      // Within a development coverage trickles in: quickly from wires, over hours from everyone else.
      let lag = r.lognormal(LAG[outlet.tier][0], LAG[outlet.tier][1]) * MINUTE;
      if (outlet.tier !== "wire") lag += r.exponential(si === 0 ? 1.5 * HOUR : 2.5 * HOUR);
      if (outlet.slug === "meridian-wire") lag *= 0.5;
      // An outlet's second piece on the same development comes later: a follow-up, an explainer.
      if (again) lag += r.exponential(3 * HOUR);
      const publishedAt = Math.round(st.at + lag);
      // A slow outlet sometimes still writes up the previous development.
      const prev = si > 0 && r.chance(outlet.tier === "slow" ? 0.35 : 0.1) ? ev.stages[si - 1] : undefined;
      const basis = prev ?? st;
      const angle =
        outlet.tier !== "wire" &&
        ((again && r.chance(0.5)) || (k > 0 && r.chance(Math.min(0.15, ev.size / 400))));
      const templates = angle ? ANGLES : (kind.stages[basis.index] as Stage).headlines;
      const mine = written.get(outlet.slug) ?? new Set<string>();
      written.set(outlet.slug, mine);
      // An outlet does not print the same headline twice.
      let plain = render(r.pick(templates), basis.slots, r);
      for (let i = 0; i < 6 && mine.has(plain); i++) plain = render(r.pick(templates), basis.slots, r);
      mine.add(plain);
      const draft: Draft = {
        eventId: ev.id,
        outlet: outlet.slug,
        plain,
        title: styleHeadline(plain, outlet, si, r),
        text: articleText(r, kind.stages[basis.index] as Stage, basis),
        publishedAt,
        category: fileUnder(r, outlet, ev.category),
        stage: basis.index,
        copyOf: null,
      };
      drafts.push(draft);
      if (outlet.tier === "wire") drafts.push(...syndicate(r, draft, outlets, ev.category));
    });
  });
  return drafts;
}

/** Picks `n` outlets by how much they cover the category; the first report of a story usually comes from a wire. */
function pickOutlets(r: Rng, pool: Outlet[], n: number, category: Category, first: boolean): Outlet[] {
  const left = [...pool];
  const out: Outlet[] = [];
  const wires = left.filter((x) => x.tier === "wire");
  if (first && wires.length && r.chance(0.85)) {
    const w = r.weighted(wires, (x) => x.beats[category] ?? 0);
    out.push(w);
    left.splice(left.indexOf(w), 1);
  }
  while (out.length < n && left.length) {
    const x = r.weighted(left, (o) => (o.beats[category] ?? 0) * (first ? EARLY[o.tier] : 1));
    out.push(x);
    left.splice(left.indexOf(x), 1);
  }
  // Big stories get several pieces from the same outlets.
  while (out.length < n) out.push(r.weighted(pool, (o) => o.beats[category] ?? 0));
  return out;
}

function syndicate(r: Rng, wire: Draft, outlets: Outlet[], category: Category): Draft[] {
  const copies: Draft[] = [];
  for (const sub of outlets) {
    if (!sub.syndicates.includes(wire.outlet) || (sub.beats[category] ?? 0) === 0) continue;
    if (!r.chance(SYNDICATION_RATE)) continue;
    copies.push({
      ...wire,
      outlet: sub.slug,
      title: styleHeadline(wire.plain, { ...sub, tier: "standard" }, 0, r),
      publishedAt: Math.round(wire.publishedAt + r.lognormal(20, 0.6) * MINUTE),
      category: fileUnder(r, sub, category),
      copyOf: wire,
    });
  }
  return copies;
}

function articleText(r: Rng, stage: Stage, st: SimStage): string {
  const [first, second] = r.shuffle(stage.texts);
  const lead = render(first as string, st.slots, r);
  return second && r.chance(0.4) ? `${lead} ${render(second, st.slots, r)}` : lead;
}

/** The section an outlet files a story under: a specialist files under its own, and sections are a bit noisy. */
function fileUnder(r: Rng, outlet: Outlet, category: Category): Category {
  if (outlet.category !== "world" && outlet.category !== category && r.chance(0.7)) return outlet.category;
  if (r.chance(0.06)) return r.pick(adjacentCategories(category));
  return category;
}
