import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { StoryFeed } from "@/lib/stories/story-feed";

import { internal, testSessionDeps } from "../session-testing";
import { GET } from "./route";

let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps(() => Date.UTC(2025, 0, 1));
});
afterEach(() => t.cleanup());

describe("GET /api/internal/stories", () => {
  it("answers a signed-in user with the feed, and others with 401", async () => {
    expect((await GET(internal("/api/internal/stories"))).status).toBe(401);
    const me = await t.signIn();
    const res = await GET(
      internal("/api/internal/stories?view=ranked&category=science", { cookie: me.cookie }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()) as StoryFeed).toEqual({
      stories: [],
      total: 0,
      asOf: Date.UTC(2025, 0, 1),
      archived: false,
    });
  });

  it("reports a bad ticker symbol with the parameter's name", async () => {
    const me = await t.signIn();
    const res = await GET(internal("/api/internal/stories?tickers=AAPL,%24%24", { cookie: me.cookie }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^tickers/);
  });

  it("reports a bad view with the parameter's name", async () => {
    const me = await t.signIn();
    const res = await GET(internal("/api/internal/stories?view=sideways", { cookie: me.cookie }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(/^view: /);
  });
});
