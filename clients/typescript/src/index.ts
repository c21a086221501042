export { Lede, type CallParts, type LedeOptions } from "./client.js";
export { LedeRealtime, feedUrl, type CloseInfo, type RealtimeOptions } from "./realtime.js";
export {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  LedeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RealtimeError,
  ServerError,
  TimeoutError,
} from "./errors.js";
export { OPERATIONS } from "./operations.js";
export { encodeQuery, parseRetryAfter, type RequestOptions } from "./http.js";
export type { SocketLike, WebSocketConstructor } from "./websocket.js";
export type * from "./types.js";
export const VERSION = "0.1.0";
