export { startNewswireServer, type NewswireServer, type NewswireServerOptions } from "./feed-server";
export {
  DEFAULT_START,
  generateNewswire,
  newswireStream,
  NewswireWorld,
  type Newswire,
  type NewswireOptions,
} from "./generate";
export { OUTLETS, SIMULATED_MARK } from "./outlets";
export { toImportRecord, toRawArticle, writeNewswireJsonl, type NewswireRecord } from "./records";
export type { NewswireArticle, Outlet, SimEvent } from "./types";
