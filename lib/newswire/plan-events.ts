import type { Category } from "../categories";
import { Cast, Caster } from "./caster";
import { KINDS } from "./kinds";
import type { Rng } from "./random";
import { render, type Slots } from "./template";
import type { EventKind, SimEvent, SimStage } from "./types";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How often each category makes news, relative to the others. */
const CATEGORY_SHARE: Record<Category, number> = {
  world: 14,
  politics: 12,
  business: 14,
  technology: 12,
  science: 7,
  health: 8,
  sports: 12,
  entertainment: 9,
  climate: 7,
  crypto: 5,
};

/** When news breaks, by UTC hour: most of it in the working day, some at night. */
const HOURLY = [
  0.3, 0.3, 0.3, 0.4, 0.5, 0.7, 1, 1.2, 1.4, 1.5, 1.5, 1.5, 1.5, 1.5, 1.4, 1.4, 1.3, 1.2, 1, 1, 0.9, 0.7, 0.5,
  0.4,
];

export interface PlanOptions {
  start: number;
  days: number;
  eventsPerDay: number;
  /** Share of events that get a confusable twin. */
  twinRate: number;
  /** Share of events that run past their first day. */
  multiDayRate: number;
  /** Prefix of event ids (keeps ids unique across the epochs of an endless stream). */
  idPrefix: string;
}

/** Draws the world's events: kinds, casts, start times, developments and confusable twins. */
export function planEvents(rng: Rng, cast: Cast, o: PlanOptions): SimEvent[] {
  const count = Math.round(o.days * o.eventsPerDay);
  const categories = (Object.keys(CATEGORY_SHARE) as Category[]).filter((c) =>
    KINDS.some((k) => k.category === c),
  );
  const events: SimEvent[] = [];
  const nextId = () => `${o.idPrefix}${String(events.length + 1).padStart(3, "0")}`;
  for (let i = 0; i < count; i++) {
    const r = rng.fork(`event-${i}`);
    const day = r.int(0, o.days - 1);
    const hour = r.weighted([...HOURLY.keys()], (h) => HOURLY[h] as number);
    const start = o.start + day * DAY + hour * HOUR + r.int(0, 59) * 60_000;
    const kind = pickKind(r, categories, events, start);
    const caster = new Caster(r, cast);
    const base = event(nextId(), kind, kind.cast(caster), start, r, o, null);
    events.push(base);
    if (!r.chance(o.twinRate)) continue;
    const twin = castTwin(kind, caster, r, cast);
    if (!twin) continue;
    const gap = r.float(kind.twinGap[0], kind.twinGap[1]) * HOUR;
    events.push(event(nextId(), kind, twin, start + gap, r, o, base.id));
  }
  return events.filter((e) => e.start >= o.start && e.start < o.start + o.days * DAY);
}

/** A kind for an event starting at `start`, skipping kinds that had an independent event too recently. */
function pickKind(r: Rng, categories: Category[], events: SimEvent[], start: number): EventKind {
  for (let attempt = 0; ; attempt++) {
    const category = r.weighted(categories, (c) => CATEGORY_SHARE[c]);
    const open = KINDS.filter(
      (k) =>
        k.category === category &&
        !events.some(
          (e) => e.kind === k.id && !e.twinOf && Math.abs(e.start - start) < (k.spacing ?? 0) * HOUR,
        ),
    );
    if (open.length > 0 || attempt > 20) {
      return r.weighted(open.length ? open : KINDS.filter((k) => k.category === category), (k) => k.weight);
    }
  }
}

/** Casts a twin: the kind's shared roles pinned to the original's, its identity different. */
function castTwin(kind: EventKind, original: Caster, r: Rng, cast: Cast): Slots | null {
  const pins = new Map<string, Slots>();
  for (const role of kind.shared) {
    const slots = original.roles.get(role);
    if (slots) pins.set(role, slots);
  }
  const key = (s: Slots) => s[kind.key];
  const originalKey = key(Object.assign({}, ...original.roles.values()) as Slots);
  for (let attempt = 0; attempt < 20; attempt++) {
    const slots = kind.cast(new Caster(r.fork(`twin-${attempt}`), cast, pins));
    if (key(slots) !== originalKey) return slots;
  }
  return null;
}

function event(
  id: string,
  kind: EventKind,
  slots: Slots,
  start: number,
  r: Rng,
  o: PlanOptions,
  twinOf: string | null,
): SimEvent {
  const multiDay = r.chance(o.multiDayRate);
  const reignites = multiDay && r.chance(0.5);
  const stages: SimStage[] = [];
  const topic = render(r.pick(kind.topics), slots, r, { capitalize: false });
  let facts: Slots = { ...slots, story: topic };
  let last = start;
  kind.stages.forEach((stage, index) => {
    const laterDay = stage.at[0] >= 16;
    if ((laterDay && !multiDay) || (stage.reignite && !reignites)) return;
    const hi = multiDay ? stage.at[1] : Math.min(stage.at[1], 16);
    const at = Math.max(last, start + r.float(stage.at[0], hi) * HOUR);
    facts = { ...facts, ...(stage.facts?.(r, facts) ?? {}) };
    stages.push({ index, at, slots: { ...facts, day: weekday(at) } });
    last = at;
  });
  const size = Math.round(
    Math.min(120, Math.max(3, r.lognormal(12, 0.75) * (kind.scale ?? 1) * (multiDay ? 1.4 : 1))),
  );
  return {
    id,
    kind: kind.id,
    category: kind.category,
    start,
    size,
    stages,
    twinOf,
    topic,
    key: slots[kind.key] ?? "",
  };
}

function weekday(ms: number): string {
  return new Date(ms).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
}
