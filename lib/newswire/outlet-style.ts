import { kebab } from "../text/kebab";
import type { Rng } from "./random";
import { titleCase } from "./template";
import type { Outlet } from "./types";

/** A headline as this outlet prints it: its capitalisation, its credit line, a wire's update marker. */
export function styleHeadline(headline: string, outlet: Outlet, stage: number, r: Rng): string {
  let h = outlet.style.titleCase ? titleCase(headline) : headline;
  // Wires mark later takes of a developing story: "UPDATE 2-…".
  if (outlet.tier === "wire" && stage > 0 && r.chance(0.3)) h = `UPDATE ${r.int(1, 3)}-${h}`;
  if (outlet.style.credit) h = `${h} ${r.chance(0.5) ? "-" : "|"} ${outlet.style.credit}`;
  return h;
}

/** The article's address on the outlet's site, in the outlet's URL scheme. */
export function articleUrl(
  outlet: Outlet,
  headline: string,
  category: string,
  time: number,
  serial: number,
): string {
  const d = new Date(time);
  const ymd = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  const slug = kebab(headline.replace(/^UPDATE \d-/, ""), 70) || "story";
  const id = 100000 + serial;
  switch (outlet.style.url) {
    case "dated":
      return `https://${outlet.host}/${ymd.join("/")}/${slug}/`;
    case "section":
      return `https://${outlet.host}/${category}/${slug}-${id}`;
    case "id":
      return `https://${outlet.host}/article/${id}`;
  }
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
