import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Locator, type Page } from "@playwright/test";

import { apiGet, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeArchive } from "./support/news-data";

// The first 4,000 articles of the labelled 2014 archive, imported as a user would: real entities whose networks run
// to hundreds of nodes and stories naming dozens of entities, the graphs that came out tangled or unlabelled.
// Everything is read from the Cytoscape instance itself, which keeps itself on its container.
let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-graphs-"));
  const file = path.join(tmp, "archive.jsonl");
  expect(writeArchive(file, 4000)).toBe(4000);
  lede = await startLede({}, ({ cli }) => {
    const r = cli(["import", file]);
    expect(r.status, r.stderr).toBe(0);
    // A business key: the tests look through many graphs for the biggest ones.
    const k = cli(["keys", "create", "--email", "graphs@example.test", "--tier", "business"]);
    expect(k.status, k.stderr).toBe(0);
    key = /lede_live_[0-9a-f]{64}/.exec(k.stdout)?.[0] ?? "";
  });
  expect(key).not.toBe("");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
test.use({ reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

interface DrawnGraph {
  zoom: number;
  box: { w: number; h: number };
  bb: { x1: number; y1: number; x2: number; y2: number; w: number; h: number };
  nodes: Array<{
    id: string;
    kind: string;
    shape: string;
    label: string;
    name: string;
    wrap: string;
    /** The label's font size on screen, in CSS pixels. */
    px: number;
    x: number;
    y: number;
  }>;
  edges: Array<{ id: string; source: string; target: string; shown: string; label: string }>;
}

/** What Cytoscape drew, read from its instance: `_cyreg.cy` is where Cytoscape registers itself on its container. */
function drawn(graph: Locator): Promise<DrawnGraph> {
  return graph.evaluate((el) => {
    interface Ele {
      id(): string;
      data(k: string): unknown;
      style(k: string): string;
      renderedPosition(): { x: number; y: number };
    }
    interface Cy {
      zoom(): number;
      width(): number;
      height(): number;
      nodes(): { map<T>(f: (n: Ele) => T): T[] };
      edges(): { map<T>(f: (e: Ele) => T): T[] };
      elements(): { renderedBoundingBox(): DrawnGraph["bb"] };
    }
    const cy = (el as unknown as { _cyreg: { cy: Cy } })._cyreg.cy;
    return {
      zoom: cy.zoom(),
      box: { w: cy.width(), h: cy.height() },
      bb: cy.elements().renderedBoundingBox(),
      nodes: cy.nodes().map((n) => ({
        id: n.id(),
        kind: String(n.data("kind")),
        shape: n.style("shape"),
        label: n.style("label"),
        name: String(n.data("name")),
        wrap: n.style("text-wrap"),
        px: parseFloat(n.style("font-size")) * cy.zoom(),
        ...n.renderedPosition(),
      })),
      edges: cy.edges().map((e) => ({
        id: e.id(),
        source: String(e.data("source")),
        target: String(e.data("target")),
        shown: e.style("label"),
        label: String(e.data("label")),
      })),
    };
  });
}

/** Every node has a readable label; a shortened label ends in an ellipsis after a prefix of the full text. */
function expectLabelled(g: DrawnGraph) {
  expect(g.nodes.length).toBeGreaterThan(1);
  for (const n of g.nodes) {
    expect(n.label.trim(), n.id).not.toBe("");
    expect(n.wrap, `${n.id}: the canvas must not cut the label again`).not.toBe("ellipsis");
    if (n.label !== n.name) {
      expect(n.label.endsWith("…"), `${n.label} / ${n.name}`).toBe(true);
      expect(n.name.startsWith(n.label.slice(0, -1)), `${n.label} / ${n.name}`).toBe(true);
    }
    expect(n.px, `${n.label} drawn at ${n.px.toFixed(1)} px`).toBeGreaterThanOrEqual(10);
  }
}

/** The figures the report quotes: smallest label on screen, share of the container the drawing spans. */
function report(name: string, g: DrawnGraph) {
  const minPx = Math.min(...g.nodes.map((n) => n.px));
  const fill = `${Math.round((100 * g.bb.w) / g.box.w)} % × ${Math.round((100 * g.bb.h) / g.box.h)} %`;
  console.log(
    `${name}: ${g.nodes.length} nodes, smallest label ${minPx.toFixed(1)} px, drawing spans ${fill}`,
  );
}

/** The whole drawing, labels included, lies inside the container and fills it in one direction at least. */
function expectFitted(g: DrawnGraph, minFill = 0.6) {
  expect(g.bb.x1).toBeGreaterThanOrEqual(-1);
  expect(g.bb.y1).toBeGreaterThanOrEqual(-1);
  expect(g.bb.x2).toBeLessThanOrEqual(g.box.w + 1);
  expect(g.bb.y2).toBeLessThanOrEqual(g.box.h + 1);
  expect(Math.max(g.bb.w / g.box.w, g.bb.h / g.box.h)).toBeGreaterThanOrEqual(minFill);
}

/** The legend lists each kind of node drawn, once, with the shape Cytoscape draws it in. */
async function expectLegendFor(page: Page, g: DrawnGraph) {
  const drawnShapes = Object.fromEntries(g.nodes.map((n) => [n.kind, n.shape]));
  const listed = await page
    .getByTestId("graph-legend")
    .locator("[data-kind]")
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-kind") ?? "", e.getAttribute("data-shape") ?? ""]),
    );
  expect(Object.fromEntries(listed)).toEqual(drawnShapes);
  expect(listed).toHaveLength(Object.keys(drawnShapes).length);
}

async function hover(page: Page, graph: Locator, n: { x: number; y: number }) {
  const box = await graph.boundingBox();
  if (!box) throw new Error("the graph is not on screen");
  await page.mouse.move(box.x + n.x, box.y + n.y);
}

/** The graph with its legend and "show more" row, for the screenshots. */
const panel = (graph: Locator) => graph.locator("xpath=../..");

const touching = (g: DrawnGraph, id: string) => g.edges.filter((e) => e.source === id || e.target === id);

test("an entity's network: labelled nodes, a legend, fitted, edge labels on hover and select, show more", async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // The entity with the biggest two-hop network: over the cap of 40 at the page's 50 edges.
  const { entities } = await api<{ entities: Array<{ id: number; name: string }> }>("/v1/entities?limit=20");
  let centre: { id: number; nodes: number } | undefined;
  for (const e of entities) {
    const net = await api<{ nodes: unknown[] }>(
      `/v1/graph/entity-network?entity_id=${e.id}&depth=2&limit=50`,
    );
    if (!centre || net.nodes.length > centre.nodes) centre = { id: e.id, nodes: net.nodes.length };
  }
  if (!centre) throw new Error("no entity in the imported news");
  expect(centre.nodes, "a network over the cap").toBeGreaterThan(41);

  await signUp(page, lede.baseUrl, uniqueEmail("graph-entity"));
  await page.goto(`${lede.baseUrl}/entities/${centre.id}`);
  const graph = page.getByTestId("graph");
  await expect(graph).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  // Capped: the centre and the 40 nearest entities, and a button for the rest.
  await expect(graph).toHaveAttribute("data-nodes", "41");
  await expect(page.getByTestId("graph-shown")).toHaveText(`40 of ${centre.nodes - 1} entities shown`);
  let g = await drawn(graph);
  expectLabelled(g);
  report("entity graph, 2 hops", g);
  expectFitted(g, 0.8);
  // The container is wide: the graph uses most of its width, not a strip in the middle.
  expect(g.bb.w / g.box.w).toBeGreaterThanOrEqual(0.75);
  await expectLegendFor(page, g);
  await panel(graph).screenshot({ path: testInfo.outputPath("entity-graph.png") });

  // Edge labels: none until the pointer is on a node, then that node's edges only, and none once it leaves.
  expect(g.edges.filter((e) => e.shown !== "")).toEqual([]);
  const hub = [...g.nodes].sort((a, b) => touching(g, b.id).length - touching(g, a.id).length)[1];
  if (!hub) throw new Error("a network of one node");
  await hover(page, graph, hub);
  await expect(page.getByTestId("graph-tooltip")).toHaveText(hub.name);
  g = await drawn(graph);
  const edgesOfHub = new Set(touching(g, hub.id).map((e) => e.id));
  expect(edgesOfHub.size).toBeGreaterThan(0);
  for (const e of g.edges) expect(e.shown, e.id).toBe(edgesOfHub.has(e.id) ? e.label : "");
  await page.screenshot({ path: testInfo.outputPath("entity-graph-hover.png") });
  await page.mouse.move(1, 1);
  await expect(page.getByTestId("graph-tooltip")).toHaveCount(0);
  expect((await drawn(graph)).edges.filter((e) => e.shown !== "")).toEqual([]);

  // Selecting a node keeps its edge labels after the pointer leaves.
  await hover(page, graph, hub);
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByTestId("selected-node")).toContainText(hub.name);
  await page.mouse.move(1, 1);
  g = await drawn(graph);
  for (const e of g.edges) expect(e.shown, e.id).toBe(edgesOfHub.has(e.id) ? e.label : "");

  // A tap on the background clears the selection, and its labels with it.
  const box = await graph.boundingBox();
  await page.mouse.click((box?.x ?? 0) + 4, (box?.y ?? 0) + 4);
  await expect.poll(async () => (await drawn(graph)).edges.filter((e) => e.shown !== "").length).toBe(0);

  // "Show more" adds the next 40 entities to the ones already drawn.
  const before = new Set(g.nodes.map((n) => n.id));
  await page.getByRole("button", { name: /^Show \d+ more$/ }).click();
  const after = Math.min(81, centre.nodes);
  await expect(graph).toHaveAttribute("data-nodes", String(after), { timeout: 15_000 });
  await expect(graph).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  g = await drawn(graph);
  report("entity graph, show more", g);
  expect(g.nodes.filter((n) => before.has(n.id))).toHaveLength(before.size);
  expectLabelled(g);
  expectFitted(g);
  await expectLegendFor(page, g);

  // Three hops and 200 edges, the graph that was a tangle: capped again, fitted, labelled.
  await page.getByText("3 hops", { exact: true }).click();
  await page.getByLabel("Edges").selectOption("200");
  const wide = await api<{ nodes: Array<{ id: number }> }>(
    `/v1/graph/entity-network?entity_id=${centre.id}&depth=3&limit=200`,
  );
  await expect(page.getByTestId("graph-shown")).toHaveText(`40 of ${wide.nodes.length - 1} entities shown`, {
    timeout: 15_000,
  });
  // The nearest and strongest first: the centre and the network's first 40 entities.
  const nearest = wide.nodes.slice(0, 41).map((n) => `e${n.id}`);
  await expect
    .poll(async () => (await drawn(graph)).nodes.map((n) => n.id).sort(), { timeout: 15_000 })
    .toEqual(nearest.sort());
  await expect(graph).toHaveAttribute("data-ready", "true");
  g = await drawn(graph);
  report("entity graph, 3 hops, 200 edges", g);
  expectLabelled(g);
  expectFitted(g, 0.8);
  expect(g.bb.w / g.box.w).toBeGreaterThanOrEqual(0.75);
  expect(g.edges.filter((e) => e.shown !== "")).toEqual([]);
  await panel(graph).screenshot({ path: testInfo.outputPath("entity-graph-3-hops.png") });
  expect(errors).toEqual([]);
});

test("a story's Who and where graph: every node labelled, the headline whole on hover, legend, fitted, show more", async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signUp(page, lede.baseUrl, uniqueEmail("graph-story"));
  // The story naming the most entities (the page asks for up to 30): over the cap of 10. The dashboard's feed
  // lists an archive's stories as of its newest article; GET /v1/stories keeps to the last days.
  const feed = await page.request.get(`${lede.baseUrl}/api/internal/stories?limit=100`);
  expect(feed.status()).toBe(200);
  const { stories } = (await feed.json()) as { stories: Array<{ id: number }> };
  expect(stories.length).toBeGreaterThan(10);
  let best: { id: number; headline: string; entities: number } | undefined;
  for (const s of stories) {
    const graph = await api<{ story: { headline: string }; entities: unknown[] }>(
      `/v1/graph/story-entity?story_id=${s.id}&limit=30`,
    );
    if (!best || graph.entities.length > best.entities)
      best = { id: s.id, headline: graph.story.headline, entities: graph.entities.length };
  }
  if (!best) throw new Error("no story in the imported news");
  expect(best.entities, "a story naming more entities than the cap").toBeGreaterThan(10);

  await page.goto(`${lede.baseUrl}/stories/${best.id}`);
  const graph = page.getByTestId("graph");
  await graph.scrollIntoViewIfNeeded();
  await expect(graph).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await expect(graph).toHaveAttribute("data-nodes", "11");
  await expect(page.getByTestId("graph-shown")).toHaveText(`10 of ${best.entities} entities shown`);
  let g = await drawn(graph);
  report("story graph", g);
  expectLabelled(g);
  expectFitted(g);
  await expectLegendFor(page, g);
  expect(g.nodes.map((n) => n.kind)).toContain("story");
  expect(g.edges.filter((e) => e.shown !== "")).toEqual([]);
  await panel(graph).screenshot({ path: testInfo.outputPath("story-graph.png") });

  // The story node: its label may be shortened, the hover text is the whole headline; its edges get their labels.
  const story = g.nodes.find((n) => n.kind === "story");
  if (!story) throw new Error("no story node");
  expect(story.name).toBe(best.headline);
  await hover(page, graph, story);
  await expect(page.getByTestId("graph-tooltip")).toHaveText(best.headline);
  g = await drawn(graph);
  for (const e of g.edges) expect(e.shown, e.id).toBe(e.label);
  await page.mouse.move(1, 1);

  await page.getByRole("button", { name: /^Show \d+ more$/ }).click();
  const after = Math.min(21, best.entities + 1);
  await expect(graph).toHaveAttribute("data-nodes", String(after), { timeout: 15_000 });
  await expect(graph).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await panel(graph).screenshot({ path: testInfo.outputPath("story-graph-more.png") });
  g = await drawn(graph);
  report("story graph, show more", g);
  expectLabelled(g);
  expectFitted(g);
  await expectLegendFor(page, g);
  expect(errors).toEqual([]);
});
