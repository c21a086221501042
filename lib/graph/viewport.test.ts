import { describe, expect, it } from "vitest";

import { graphHeight, labelScale, stretchToBox } from "./viewport";

describe("stretchToBox", () => {
  it("widens a square layout towards a wide box, at most by the maximum", () => {
    expect(stretchToBox({ w: 400, h: 400 }, { w: 900, h: 450 })).toEqual({ sx: 2, sy: 1 });
    expect(stretchToBox({ w: 400, h: 400 }, { w: 600, h: 400 })).toEqual({ sx: 1.5, sy: 1 });
    expect(stretchToBox({ w: 100, h: 400 }, { w: 900, h: 450 }, 3)).toEqual({ sx: 3, sy: 1 });
  });

  it("heightens a wide layout towards a tall box and leaves a matching one alone", () => {
    expect(stretchToBox({ w: 800, h: 200 }, { w: 400, h: 320 })).toEqual({ sx: 1, sy: 2 });
    expect(stretchToBox({ w: 900, h: 450 }, { w: 900, h: 450 })).toEqual({ sx: 1, sy: 1 });
  });

  it("leaves a degenerate layout or box alone", () => {
    expect(stretchToBox({ w: 0, h: 0 }, { w: 900, h: 450 })).toEqual({ sx: 1, sy: 1 });
    expect(stretchToBox({ w: 100, h: 100 }, { w: 0, h: 450 })).toEqual({ sx: 1, sy: 1 });
  });
});

describe("labelScale", () => {
  it("undoes a zoom-out so labels keep their size, within bounds", () => {
    expect(labelScale(0.5)).toBe(2);
    expect(labelScale(1)).toBe(1);
    expect(labelScale(2)).toBe(1);
    expect(labelScale(0.1)).toBe(3);
    expect(labelScale(0.1, 2)).toBe(2);
    expect(labelScale(0)).toBe(1);
  });
});

describe("graphHeight", () => {
  it("keeps the base height up to the initial cap, then grows with the square root of the nodes shown", () => {
    expect(graphHeight(384, 5, 10)).toBe(384);
    expect(graphHeight(384, 10, 10)).toBe(384);
    expect(graphHeight(400, 40, 10)).toBe(800);
    expect(graphHeight(448, 80, 40)).toBe(634);
  });

  it("never grows past the maximum", () => {
    expect(graphHeight(400, 1000, 10)).toBe(800);
    expect(graphHeight(400, 1000, 10, 1.5)).toBe(600);
    expect(graphHeight(400, 3, 0)).toBe(400);
  });
});
