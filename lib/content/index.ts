export { ContentExtractor, type ContentExtractorOptions } from "./content-extractor";
export { contentExtractorFor, setContentFetchOptionsForTesting } from "./content-fetch";
export { FAILED_RETRY_AFTER_MS, getContent, GetContentQuery, type ContentContext } from "./get-content";
export { toApiContent, type ApiContent } from "./serialize";
