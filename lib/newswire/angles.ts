/**
 * Pieces a big event draws besides straight reports: explainers, live pages, analysis. They name the event only
 * through its topic phrase, so they are short on shared words, as they are in real feeds.
 */
export const ANGLES = [
  "What we know [so far |]about {story}",
  "{story}: what [happens|comes] next",
  "[Live|Live updates|As it happened]: {story}",
  "[Explainer|Analysis]: [why {story} matters|what {story} means]",
  "[In pictures|Pictures]: {story}",
  "{story}[ explained| in numbers| in five charts]",
  "[Five|Three] [things to know|questions] about {story}",
];
