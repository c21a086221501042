import { describe, expect, it } from "vitest";

import type { LiveEvent } from "./bus";
import { EventFrames } from "./event-frames";

const event = (vector: Float32Array | null): LiveEvent => ({
  id: 7,
  ts: 1000,
  type: "item.new",
  clusterId: 0,
  articleId: 3,
  payload: { type: "item.new", id: 7, ts: 1000, data: { title: "Volcano" } },
  vector: vector ? { vector, model: "m1" } : null,
});

describe("EventFrames", () => {
  it("serialises the logged message once and shares the buffer between subscribers", () => {
    const frames = new EventFrames(event(null));
    const a = frames.frame(false, undefined);
    expect(frames.frame(false, undefined)).toBe(a);
    expect(JSON.parse(a.toString())).toEqual(event(null).payload);
  });

  it("appends the embedding and model, or null for an article without a vector", () => {
    const v = new Float32Array([0.5, -0.25]);
    const withVector = new EventFrames(event(v));
    const framed = withVector.frame(true, undefined);
    expect(withVector.frame(true, undefined)).toBe(framed);
    expect(JSON.parse(framed.toString())).toEqual({
      ...event(v).payload,
      embedding: [0.5, -0.25],
      embedding_model: "m1",
    });
    expect(JSON.parse(new EventFrames(event(null)).frame(true, undefined).toString())).toMatchObject({
      embedding: null,
      embedding_model: null,
    });
  });

  it("adds similarity and matched_filter per subscriber, after the shared fields", () => {
    const v = new Float32Array([1, 0]);
    const frames = new EventFrames(event(v));
    expect(JSON.parse(frames.frame(true, { similarity: 0.875, label: "chips" }).toString())).toEqual({
      ...event(v).payload,
      embedding: [1, 0],
      embedding_model: "m1",
      similarity: 0.875,
      matched_filter: "chips",
    });
    expect(JSON.parse(frames.frame(false, { similarity: 0.5, label: null }).toString())).toEqual({
      ...event(v).payload,
      similarity: 0.5,
      matched_filter: null,
    });
  });

  it("never adds an embedding to non-article events", () => {
    const story: LiveEvent = {
      ...event(null),
      type: "cluster.event",
      payload: { type: "cluster.event", id: 7, ts: 1, data: {} },
    };
    expect(JSON.parse(new EventFrames(story).frame(true, undefined).toString())).toEqual(story.payload);
  });
});
