import type { GazetteerEntry } from "./gazetteer";
import type { Role } from "./lexicon";
import type { EntityType } from "./types";

/** A name found in one sentence, before mentions are merged into entities. */
export interface Mention {
  sentence: number;
  /** Token range [start, end) in the sentence. */
  start: number;
  end: number;
  /** The name as written, without title or possessive. */
  surface: string;
  /** Null while only linking to another mention can say what it is. */
  type: EntityType | null;
  /** Strength of the evidence for `type`. */
  score: number;
  /** Gazetteer entries the surface names; several when a name is ambiguous ("Georgia"). */
  entries: GazetteerEntry[];
  /** Title or role written next to a person's name. */
  role: Role | null;
  possessive: boolean;
  /** Set after resolution: the entity this mention belongs to. */
  ref?: string;
}

/** A title, role or demonym found next to names; kept for relation patterns. */
export interface RoleSpan {
  start: number;
  end: number;
  role: Role;
  words: string;
}
