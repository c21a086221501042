import fs from "node:fs";
import { fileURLToPath } from "node:url";

// Article pages written for the extraction tests and bench, each with a hand-marked gold body (`<name>.gold.txt`).
// The gold body is the article's running text: paragraphs, its subheadings, lists and code. It leaves out the
// headline, standfirst, byline, dates, captions and credits, and everything outside the article.

export interface ExtractionFixture {
  name: string;
  /** Where the page is pretended to live; relative links resolve against it. */
  url: string;
  layout: string;
  /** Charset the page is served in (the file itself is UTF-8). */
  charset: "utf-8" | "latin1";
  expect: { title: string; imageUrl: string; videoUrl: string | null };
}

const DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));

export const EXTRACTION_FIXTURES: ExtractionFixture[] = [
  {
    name: "courier-council-tram",
    url: "https://www.eastbridgecourier.example/news/council-approves-tram-extension-harrowgate",
    layout: "regional news: masthead, section nav, breadcrumb, most-read and promo sidebar, footer",
    charset: "utf-8",
    expect: {
      title: "Council approves £186m tram extension to Harrowgate",
      imageUrl: "https://www.eastbridgecourier.example/images/2025/02/tram-depot-1200.jpg",
      videoUrl: null,
    },
  },
  {
    name: "tribune-heatwave-grid",
    url: "https://www.metrotribune.example/climate/2025/jul/17/heatwave-grid-warning",
    layout: "cookie-consent dialog, leaderboard and in-text ads, newsletter box, sponsored links",
    charset: "utf-8",
    expect: {
      title: "Heatwave pushes electricity demand to July record as grid issues warning",
      imageUrl: "https://cdn.metrotribune.example/media/2025/07/pylons-sunset.jpg?w=1200",
      videoUrl: null,
    },
  },
  {
    name: "ledger-bakery-comments",
    url: "https://theledger.example/small-business/sourdough-prices",
    layout: "WordPress-style post with a long threaded comment section and reply form",
    charset: "utf-8",
    expect: {
      title: "Why your sourdough now costs £4.95: inside a small bakery chain's numbers",
      imageUrl: "https://images.theledger.example/2025/03/crumb-co-counter.jpg",
      videoUrl: null,
    },
  },
  {
    name: "herald-microplastics-related",
    url: "https://www.northernherald.example/science/river-calder-microplastics",
    layout: "share bars above and below, inline read-more links, related-story cards, tag list",
    charset: "utf-8",
    expect: {
      title: "Microplastics found along entire length of River Calder, study finds",
      imageUrl: "https://static.northernherald.example/img/calder-sampling.jpg",
      videoUrl: null,
    },
  },
  {
    name: "gazette-lighthouse-captions",
    url: "https://coastgazette.example/features/skerry-point-lighthouse",
    layout: "photo feature: lazy-loaded hero, four figures with captions and credits, info box; no og:image",
    charset: "utf-8",
    expect: {
      title: "The light returns to Skerry Point",
      imageUrl: "https://coastgazette.example/photos/skerry/tower-dusk-1600.jpg",
      videoUrl: null,
    },
  },
  {
    name: "sentinel-election-liveblog",
    url: "https://www.sentinel.example/politics/live/2025/may/08/election-results-live",
    layout: "live blog: key-events list, pinned summary, timestamped posts with share links, results widget",
    charset: "utf-8",
    expect: {
      title: "Election results live: Progressives on course to be largest party as counts continue",
      imageUrl: "https://media.sentinel.example/live/election-count-hall.jpg",
      videoUrl: null,
    },
  },
  {
    name: "wire-rates-amp",
    url: "https://amp.valdoriawire.example/business/central-bank-holds-rates",
    layout: "AMP page: amp-sidebar menu, amp-ad slots in the text, amp-youtube, social share, JSON-LD @graph",
    charset: "utf-8",
    expect: {
      title: "Central bank holds rates but signals September cut is possible",
      imageUrl: "https://img.valdoriawire.example/2025/06/central-bank-facade.jpg",
      videoUrl: "https://www.youtube.com/embed/q8Xz3LmPq1A",
    },
  },
  {
    name: "post-rail-strike-inline-ads",
    url: "https://www.capitalpost.example/transport/train-drivers-strike",
    layout:
      "body split into div paragraphs by three inline ads and a recommended box; metered-paywall notice",
    charset: "utf-8",
    expect: {
      title: "Train drivers to strike for 48 hours as pay talks collapse",
      imageUrl: "https://i.capitalpost.example/2025/09/platform-empty.jpg",
      videoUrl: null,
    },
  },
  {
    name: "times-hospital-paywall",
    url: "https://www.morningtimes.example/investigations/hidden-surgery-waits",
    layout: "paywall teaser: two paragraphs, then a subscription wall with plans",
    charset: "utf-8",
    expect: {
      title: "Revealed: the hidden two-year waits for surgery",
      imageUrl: "https://www.morningtimes.example/resources/images/hospital-corridor.jpg",
      videoUrl: null,
    },
  },
  {
    name: "observer-rocket-video",
    url: "https://www.scienceobserver.example/space/first-orbital-launch-europe",
    layout: "video-led story: og:video and a YouTube iframe above the text, ad iframe, more-videos list",
    charset: "utf-8",
    expect: {
      title: "Watch: first orbital launch from mainland Europe",
      imageUrl: "https://cdn.scienceobserver.example/video-stills/skyward-2-liftoff.jpg",
      videoUrl: "https://www.youtube.com/embed/Zr7Kd0pLq3E",
    },
  },
  {
    name: "blog-selfhosted-email",
    url: "https://shednotes.example/2025/01/three-years-of-running-my-own-email-server/",
    layout: "personal blog: subheadings, ordered list and code block; author box, post navigation, widgets",
    charset: "utf-8",
    expect: {
      title: "Three years of running my own email server",
      imageUrl: "https://shednotes.example/wp-content/uploads/2025/01/server-rack.jpg",
      videoUrl: null,
    },
  },
  {
    name: "zeitung-hafen-latin1",
    url: "https://www.norddeutsche-rundschau.example/wirtschaft/hafen-umschlag-halbjahr",
    layout: "German, served as ISO-8859-1 with named entities; consent banner, related box, most-read column",
    charset: "latin1",
    expect: {
      title: "Hamburger Hafen: Umschlag wächst erstmals seit drei Jahren",
      imageUrl: "https://www.norddeutsche-rundschau.example/bilder/2025/08/hafen-containerbruecke.jpg",
      videoUrl: null,
    },
  },
  {
    name: "valley-news-table-layout",
    url: "http://www.valleynews.example/story.asp?id=20931",
    layout:
      "early-2000s table layout: font tags, paragraphs split by double line breaks, left nav with a skyscraper ad",
    charset: "latin1",
    expect: {
      title: "Valley News Online - Greyford show saved by flood of volunteers",
      imageUrl: "http://www.valleynews.example/photos/2025/greyford_show_ring.jpg",
      videoUrl: null,
    },
  },
];

export function fixtureHtml(name: string): string {
  return fs.readFileSync(`${DIR}${name}.html`, "utf8");
}

export function fixtureGold(name: string): string {
  return fs.readFileSync(`${DIR}${name}.gold.txt`, "utf8");
}

/** The bytes a server would send for the fixture, in its declared charset. */
export function fixtureBytes(f: ExtractionFixture): Buffer {
  return Buffer.from(fixtureHtml(f.name), f.charset);
}
