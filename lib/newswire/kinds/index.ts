import type { EventKind } from "../types";
import { AI_KINDS } from "./ai";
import { BUSINESS_KINDS } from "./business";
import { CLIMATE_KINDS } from "./climate";
import { COURT_KINDS } from "./courts";
import { CRYPTO_KINDS } from "./crypto";
import { ENTERTAINMENT_KINDS } from "./entertainment";
import { HEALTH_KINDS } from "./health";
import { LISTING_KINDS } from "./listings";
import { POLITICS_KINDS } from "./politics";
import { RECORD_KINDS } from "./records";
import { SCIENCE_KINDS } from "./science";
import { SPORTS_KINDS } from "./sports";
import { RECALL_KINDS, STUDY_KINDS } from "./studies";
import { TECHNOLOGY_KINDS } from "./technology";
import { WORLD_KINDS } from "./world";
import { WORLD_INCIDENT_KINDS } from "./world-incidents";

/** Every kind of event the newswire knows, across the contract's categories. */
export const KINDS: EventKind[] = [
  ...WORLD_KINDS,
  ...WORLD_INCIDENT_KINDS,
  ...POLITICS_KINDS,
  ...COURT_KINDS,
  ...BUSINESS_KINDS,
  ...LISTING_KINDS,
  ...TECHNOLOGY_KINDS,
  ...AI_KINDS,
  ...SCIENCE_KINDS,
  ...STUDY_KINDS,
  ...HEALTH_KINDS,
  ...RECALL_KINDS,
  ...SPORTS_KINDS,
  ...RECORD_KINDS,
  ...ENTERTAINMENT_KINDS,
  ...CLIMATE_KINDS,
  ...CRYPTO_KINDS,
];

const BY_ID = new Map(KINDS.map((k) => [k.id, k]));

export function kindById(id: string): EventKind {
  const kind = BY_ID.get(id);
  if (!kind) throw new Error(`unknown event kind ${id}`);
  return kind;
}
