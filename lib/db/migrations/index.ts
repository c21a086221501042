import * as m001 from "./001-initial";
import * as m002 from "./002-sequences";
import * as m003 from "./003-near-duplicates";
import * as m004 from "./004-usage-by-account";
import * as m005 from "./005-story-dynamics";
import * as m006 from "./006-enrichment-state";
import * as m007 from "./007-leases";
import * as m008 from "./008-story-read-model";
import * as m009 from "./009-serving-indexes";
import * as m010 from "./010-vector-changes";
import * as m011 from "./011-title-trigrams";
import * as m012 from "./012-email-verification";
import * as m013 from "./013-sign-in-and-sessions";
import * as m015 from "./015-entity-article-order";
import * as m016 from "./016-source-article-counts";
import * as m018 from "./018-story-source-total";
import * as m019 from "./019-tickers";
import * as m020 from "./020-source-table-indexes";
import * as m021 from "./021-event-articles";
import * as m022 from "./022-article-entity-versions";
import * as m023 from "./023-event-history-version";

export interface Migration {
  version: number;
  name: string;
  up: string;
}

/** Every schema migration, in order. Append only: an applied migration is never edited. */
export const migrations: Migration[] = [
  { version: 1, name: "initial", up: m001.up },
  { version: 2, name: "sequences", up: m002.up },
  { version: 3, name: "near-duplicates", up: m003.up },
  { version: 4, name: "usage-by-account", up: m004.up },
  { version: 5, name: "story-dynamics", up: m005.up },
  { version: 6, name: "enrichment-state", up: m006.up },
  { version: 7, name: "leases", up: m007.up },
  { version: 8, name: "story-read-model", up: m008.up },
  { version: 9, name: "serving-indexes", up: m009.up },
  { version: 10, name: "vector-changes", up: m010.up },
  { version: 11, name: "title-trigrams", up: m011.up },
  { version: 12, name: "email-verification", up: m012.up },
  { version: 13, name: "sign-in-and-sessions", up: m013.up },
  { version: 15, name: "entity-article-order", up: m015.up },
  { version: 16, name: "source-article-counts", up: m016.up },
  { version: 18, name: "story-source-total", up: m018.up },
  { version: 19, name: "tickers", up: m019.up },
  { version: 20, name: "source-table-indexes", up: m020.up },
  { version: 21, name: "event-articles", up: m021.up },
  { version: 22, name: "article-entity-versions", up: m022.up },
  { version: 23, name: "event-history-version", up: m023.up },
];
