import { describe, expect, it } from "vitest";

import type { LiveEvent } from "./bus";
import { EventFrames, WireFrame } from "./event-frames";

/** The JSON a client reads from a frame (a shared frame's payload follows its header). */
function read(f: WireFrame | string): unknown {
  if (typeof f === "string") return JSON.parse(f);
  const b = f.bytes;
  expect(b[0]).toBe(0x81);
  const len = b[1] as number;
  const offset = len < 126 ? 2 : len === 126 ? 4 : 10;
  const size = len < 126 ? len : len === 126 ? b.readUInt16BE(2) : Number(b.readBigUInt64BE(2));
  expect(b.length).toBe(offset + size);
  return JSON.parse(b.subarray(offset).toString());
}

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
    expect(read(a)).toEqual(event(null).payload);
  });

  it("appends the embedding and model, or null for an article without a vector", () => {
    const v = new Float32Array([0.5, -0.25]);
    const withVector = new EventFrames(event(v));
    const framed = withVector.frame(true, undefined);
    expect(withVector.frame(true, undefined)).toBe(framed);
    expect(read(framed)).toEqual({
      ...event(v).payload,
      embedding: [0.5, -0.25],
      embedding_model: "m1",
    });
    expect(read(new EventFrames(event(null)).frame(true, undefined))).toMatchObject({
      embedding: null,
      embedding_model: null,
    });
  });

  it("adds similarity and matched_filter per subscriber, after the shared fields", () => {
    const v = new Float32Array([1, 0]);
    const frames = new EventFrames(event(v));
    expect(read(frames.frame(true, { similarity: 0.875, label: "chips" }))).toEqual({
      ...event(v).payload,
      embedding: [1, 0],
      embedding_model: "m1",
      similarity: 0.875,
      matched_filter: "chips",
    });
    expect(read(frames.frame(false, { similarity: 0.5, label: null }))).toEqual({
      ...event(v).payload,
      similarity: 0.5,
      matched_filter: null,
    });
  });

  it("frames payloads of every length class (7-bit, 16-bit and 64-bit lengths)", () => {
    for (const size of [10, 5_000, 70_000]) {
      const e = event(null);
      const frames = new EventFrames({ ...e, payload: { ...e.payload, data: { title: "x".repeat(size) } } });
      expect(read(frames.frame(false, undefined))).toMatchObject({ data: { title: "x".repeat(size) } });
    }
  });

  it("never adds an embedding to non-article events", () => {
    const story: LiveEvent = {
      ...event(null),
      type: "cluster.event",
      payload: { type: "cluster.event", id: 7, ts: 1, data: {} },
    };
    expect(read(new EventFrames(story).frame(true, undefined))).toEqual(story.payload);
  });
});
