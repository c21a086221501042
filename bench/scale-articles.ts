// The articles of a bench:scale database, one at a time: the copy of a dev headline the plan names, varied for its
// round (bench/scale-corpus.ts), attributed to a registry source, normalised as an import would, with the entities
// its enrichment stores (extracted once per dev headline, plus the instance's place).
import type { NewArticle, Source } from "../lib/db/types";
import { extractEntities } from "../lib/entities/extract-entities";
import { extractRelationships } from "../lib/entities/extract-relationships";
import type { ArticleEntity, ArticleRelationship } from "../lib/entities/types";
import { normalizeArticle } from "../lib/ingestion/normalize-article";
import { kebab } from "../lib/text/kebab";
import { excerptFor, hash32, placeNames, variantTitle, type DevCorpus } from "./scale-corpus";
import { instanceOf, type ScalePlan } from "./scale-plan";

const CONTENT_SHARE = 0.1;
const IMAGE_SHARE = 0.6;

type Extraction = { entities: ArticleEntity[]; relationships: ArticleRelationship[] };

/** What one batch needs to know of each article beyond the NewArticle. */
export interface Pending {
  article: NewArticle;
  instance: number;
  entities: ArticleEntity[];
  relationships: ArticleRelationship[];
  content: string | null;
}

export class ArticleMaker {
  private readonly extractions = new Map<number, Extraction>();
  private readonly placeEntities = new Map<string, ArticleEntity[]>();
  private readonly places = placeNames();

  constructor(
    private readonly corpus: DevCorpus,
    private readonly plan: ScalePlan,
    private readonly sources: Source[],
  ) {}

  /** Entities of a dev headline, extracted once and shared by all its copies. */
  private extraction(record: number): Extraction {
    let x = this.extractions.get(record);
    if (!x) {
      const e = extractEntities({ title: this.corpus.records[record]!.title });
      x = { entities: e.entities, relationships: extractRelationships(e) };
      this.extractions.set(record, x);
    }
    return x;
  }

  private placeEntity(place: string): ArticleEntity[] {
    let e = this.placeEntities.get(place);
    if (!e) this.placeEntities.set(place, (e = extractEntities({ title: place }).entities));
    return e;
  }

  /** Article `i` of the plan, ready to store, with its enrichment inputs. */
  make(i: number): Pending {
    const { corpus, plan } = this;
    const recIdx = plan.record[i]!;
    const rec = corpus.records[recIdx]!;
    const round = plan.round[i]!;
    const members = corpus.clusters[rec.cluster]!.members;
    const h = hash32("article", i);
    const sibling = (k: number) => corpus.records[members[hash32("sibling", i, k) % members.length]!]!.title;
    const place = round === 0 ? null : this.places[hash32("place", round, rec.cluster) % this.places.length]!;
    const siblingIdx = members[h % members.length]!;
    const variant = place
      ? variantTitle(rec.title, corpus.records[siblingIdx]!.title, place, round, h)
      : { title: rec.title, recombined: false };
    const source = this.sources[hash32("source", rec.host, round) % this.sources.length]!;
    const time = plan.time[i]!;
    const day = new Date(time).toISOString().slice(0, 10).replace(/-/g, "/");
    const url = `${source.homepage.replace(/\/+$/, "")}/${day}/${kebab(variant.title, 60)}-${i.toString(36)}`;
    const article = normalizeArticle(
      {
        url,
        title: variant.title,
        published: time,
        summary: excerptFor([sibling(1), sibling(2)], place),
        categories: [rec.category],
        imageUrl: (h >>> 8) % 100 < IMAGE_SHARE * 100 ? `/images/${i.toString(36)}.jpg` : null,
      },
      // Discovered up to ten minutes after publication, as a polled feed sees it.
      { source, discoveredAt: time + (hash32("seen", i) % 600_000) },
    );
    const base = this.extraction(recIdx);
    const byRef = new Map(base.entities.map((e) => [e.ref, e]));
    if (variant.recombined) for (const e of this.extraction(siblingIdx).entities) byRef.set(e.ref, e);
    if (place) for (const e of this.placeEntity(place)) if (!byRef.has(e.ref)) byRef.set(e.ref, e);
    const content =
      (h >>> 16) % 1000 < CONTENT_SHARE * 1000
        ? `${variant.title}. ${excerptFor(
            [1, 2, 3, 4, 5, 6].map((k) => sibling(10 + k)),
            place,
          )}`
        : null;
    return {
      article,
      instance: instanceOf(plan, i, rec.cluster),
      entities: [...byRef.values()],
      relationships: base.relationships,
      content,
    };
  }
}
