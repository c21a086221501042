import { describe, expect, it } from "vitest";

import { CATEGORIES } from "../categories";
import { cleanHeadline } from "../text/tokenize";
import { ANGLES } from "./angles";
import { Cast, Caster } from "./caster";
import { DAY, generateNewswire, newswireStream } from "./generate";
import { kindById, KINDS } from "./kinds";
import { OUTLETS, SIMULATED_MARK } from "./outlets";
import { Rng } from "./random";
import { render, type Slots } from "./template";
import type { NewswireArticle } from "./types";

const nw = generateNewswire({ seed: 7, days: 5 });
const outletOf = new Map(OUTLETS.map((o) => [o.slug, o]));
const eventOf = new Map(nw.events.map((e) => [e.id, e]));
const words = (title: string) => cleanHeadline(title.replace(/^UPDATE \d-/, "")).toLowerCase();

describe("generateNewswire", () => {
  it("gives the same news for the same seed and different news for another", () => {
    const again = generateNewswire({ seed: 7, days: 2 });
    expect(generateNewswire({ seed: 7, days: 2 })).toEqual(again);
    const other = generateNewswire({ seed: 8, days: 2 });
    expect(other.articles.map((a) => a.title)).not.toEqual(again.articles.map((a) => a.title));
  });

  it("is large enough to exercise clustering: 150+ events and 3,000+ articles over five days", () => {
    expect(nw.events.length).toBeGreaterThanOrEqual(150);
    expect(nw.articles.length).toBeGreaterThanOrEqual(3000);
    expect(OUTLETS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(nw.events.map((e) => e.category))).toEqual(new Set(CATEGORIES));
  });

  it("gives every article its true event id, a known outlet, a valid URL and a time inside the window", () => {
    const ids = new Set<string>();
    let previous = nw.start;
    for (const a of nw.articles) {
      expect(eventOf.has(a.eventId)).toBe(true);
      expect(outletOf.has(a.outlet)).toBe(true);
      expect(new URL(a.url).hostname).toBe(outletOf.get(a.outlet)?.host);
      expect(CATEGORIES).toContain(a.category);
      expect(a.publishedAt).toBeGreaterThanOrEqual(previous);
      expect(a.publishedAt).toBeLessThan(nw.end);
      expect(a.title).not.toMatch(/[{}[\]]|\s{2}|^\s|\s$/);
      expect(a.text.length).toBeGreaterThan(40);
      ids.add(a.id);
      previous = a.publishedAt;
    }
    expect(ids.size).toBe(nw.articles.length);
    expect(new Set(nw.articles.map((a) => a.url)).size).toBe(nw.articles.length);
  });

  it("marks every outlet as simulated", () => {
    for (const o of OUTLETS) expect(o.name.endsWith(SIMULATED_MARK)).toBe(true);
  });

  it("includes syndicated copies: a wire's words and text, republished later by another outlet at its own URL", () => {
    const byId = new Map(nw.articles.map((a) => [a.id, a]));
    const copies = nw.articles.filter((a) => a.syndicatedFrom);
    expect(copies.length).toBeGreaterThan(nw.articles.length * 0.05);
    expect(copies.length).toBeLessThan(nw.articles.length * 0.25);
    for (const copy of copies) {
      const original = byId.get(copy.syndicatedFrom as string) as NewswireArticle;
      expect(outletOf.get(original.outlet)?.tier).toBe("wire");
      expect(copy.outlet).not.toBe(original.outlet);
      expect(copy.url).not.toBe(original.url);
      expect(copy.eventId).toBe(original.eventId);
      expect(copy.text).toBe(original.text);
      expect(words(copy.title)).toBe(words(original.title));
      expect(copy.publishedAt).toBeGreaterThanOrEqual(original.publishedAt);
    }
  });

  it("includes confusable twins: same kind and shared actors, different identity, close in time", () => {
    const twins = nw.events.filter((e) => e.twinOf);
    expect(twins.length).toBeGreaterThanOrEqual(15);
    const sharing = twins.filter((t) => kindById(t.kind).shared.length > 0);
    expect(sharing.length).toBeGreaterThan(5);
    for (const twin of twins) {
      const original = eventOf.get(twin.twinOf as string);
      if (!original) throw new Error(`twin ${twin.id} of unknown ${twin.twinOf}`);
      const kind = kindById(twin.kind);
      expect(twin.kind).toBe(original.kind);
      expect(twin.key).not.toBe(original.key);
      for (const role of kind.shared)
        expect(twin.stages[0]?.slots[role]).toBe(original.stages[0]?.slots[role]);
      expect(Math.abs(twin.start - original.start)).toBeLessThanOrEqual(
        Math.max(...kind.twinGap.map(Math.abs)) * 3_600_000 + 1,
      );
    }
  });

  it("runs events over several days, with developments, follow-ups and re-ignitions", () => {
    const daysOf = new Map<string, Set<number>>();
    for (const a of nw.articles) {
      const s = daysOf.get(a.eventId) ?? new Set<number>();
      s.add(Math.floor(a.publishedAt / DAY));
      daysOf.set(a.eventId, s);
    }
    const multi = [...daysOf.values()].filter((d) => d.size >= 2).length;
    expect(multi).toBeGreaterThan(nw.events.length * 0.3);
    expect([...daysOf.values()].filter((d) => d.size >= 3).length).toBeGreaterThan(10);
    const reignited = nw.events.filter((e) =>
      e.stages.some(
        (s, i) =>
          kindById(e.kind).stages[s.index]?.reignite &&
          i > 0 &&
          s.at - (e.stages[i - 1]?.at ?? 0) > 12 * 3_600_000,
      ),
    );
    expect(reignited.length).toBeGreaterThan(5);
    // Later developments carry new facts: the headlines of an event's last stage differ from its first's.
    const developing = nw.events.filter((e) => e.stages.length >= 3);
    for (const e of developing.slice(0, 20)) {
      const first = new Set(
        nw.articles.filter((a) => a.eventId === e.id && a.stage === e.stages[0]?.index).map((a) => a.title),
      );
      const last = nw.articles.filter((a) => a.eventId === e.id && a.stage === e.stages.at(-1)?.index);
      for (const a of last) expect(first.has(a.title)).toBe(false);
    }
  });

  it("varies the wording across outlets, and usually has a wire report first", () => {
    const byEvent = new Map<string, NewswireArticle[]>();
    for (const a of nw.articles) byEvent.set(a.eventId, [...(byEvent.get(a.eventId) ?? []), a]);
    let wireFirst = 0;
    for (const list of byEvent.values()) {
      if (outletOf.get(list[0]?.outlet ?? "")?.tier === "wire") wireFirst++;
      if (list.length < 10) continue;
      expect(new Set(list.map((a) => words(a.title))).size).toBeGreaterThan(list.length * 0.3);
    }
    expect(wireFirst).toBeGreaterThan(byEvent.size * 0.7);
  });

  it("renders every headline and text template of every kind with the facts of its development", () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(40);
    for (const kind of KINDS) {
      for (let i = 0; i < 8; i++) {
        const rng = new Rng(`${kind.id}-${i}`);
        let slots: Slots = { ...kind.cast(new Caster(rng, new Cast(rng.fork("cast")))), day: "Monday" };
        slots.story = render(rng.pick(kind.topics), slots, rng, { capitalize: false });
        for (const stage of kind.stages) {
          slots = { ...slots, ...(stage.facts?.(rng, slots) ?? {}) };
          for (const t of [...stage.headlines, ...stage.texts, ...ANGLES]) {
            const out = render(t, slots, rng);
            expect(out, `${kind.id}: ${t}`).not.toMatch(/[{}[\]]|undefined|NaN|\s{2}/);
          }
        }
      }
    }
  });
});

describe("newswireStream", () => {
  it("never ends, keeps publication order across windows and never repeats an article", () => {
    const seen = new Set<string>();
    let last = 0;
    let n = 0;
    for (const a of newswireStream({ seed: 3, eventsPerDay: 20 })) {
      expect(a.publishedAt).toBeGreaterThanOrEqual(last);
      expect(seen.has(a.id)).toBe(false);
      seen.add(a.id);
      last = a.publishedAt;
      if (++n >= 2500) break;
    }
    expect(last - nw.start).toBeGreaterThan(3 * DAY);
  });
});
