import { z } from "zod";

import { qEnum, qIntDefault } from "../../validation/query";

const EntityType = qEnum(["person", "org", "location"]);

/** GET /v1/entities (contract §7.4). An empty `q` filters nothing. */
export const ListEntitiesQuery = z.object({
  q: z
    .string()
    .trim()
    .refine((s) => [...s].length <= 200, "must be at most 200 characters")
    .optional()
    .transform((s) => (s ? s : undefined)),
  type: EntityType,
  subcategory: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((s) => (s ? s : undefined)),
  limit: qIntDefault(60, { min: 1, max: 200 }),
  offset: qIntDefault(0, { min: 0 }),
});
export type ListEntitiesQuery = z.output<typeof ListEntitiesQuery>;

/** GET /v1/entities/politicians (contract §7.4). */
export const PoliticiansQuery = z.object({
  limit: qIntDefault(60, { min: 1, max: 200 }),
  offset: qIntDefault(0, { min: 0 }),
});
export type PoliticiansQuery = z.output<typeof PoliticiansQuery>;

/** GET /v1/entities/trending (contract §7.4). */
export const TrendingEntitiesQuery = z.object({
  limit: qIntDefault(20, { min: 1, max: 100 }),
});
export type TrendingEntitiesQuery = z.output<typeof TrendingEntitiesQuery>;

/** `{id}` of /v1/entities/{id}[/articles]: an integer id or a slug. */
export const EntityParams = z.object({ id: z.string().trim().min(1, "must not be empty") });

/** GET /v1/entities/{id}/articles (contract §7.4). */
export const EntityArticlesQuery = z.object({
  limit: qIntDefault(20, { min: 1, max: 100 }),
  offset: qIntDefault(0, { min: 0 }),
});
export type EntityArticlesQuery = z.output<typeof EntityArticlesQuery>;
