export { extractFromHtml, MIN_CONTENT_WORDS, type ExtractedPage } from "./extract-html";
export { fetchArticle, type ArticleExtraction } from "./fetch-article";
