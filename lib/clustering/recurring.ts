import { titleTokens } from "../text/tokenize";
import type { Sparse } from "./sparse";

/**
 * The vocabulary of recurring reports: market wraps (instruments, indices, prices and the verbs of their daily
 * moves), price updates and weather reports. Each cycle's such report is a new story even when its words match the
 * previous one's, so a story dominated by these words never continues an earlier one across news cycles.
 */
const RECURRING_WORDS = `
stock stocks share shares equities market markets futures index indexes indices dow nasdaq ftse dax cac nikkei
hang seng sensex kospi treasury treasuries yield yields bond bonds gilts note notes auction gold silver copper
platinum oil crude brent wti barrel commodities commodity price prices gasoline gas pump diesel fuel dollar euro
yen sterling pound rupee yuan forex currency currencies mortgage rates trading traders investors session wrap
rise rises rising rose fall falls falling fell gain gains gained drop drops dropped climb climbs climbed slip slips
slipped edge edges edged ease eases eased tumble tumbles surge surges jump jumps rally rallies rallied rebound
rebounds dip dips slide slides sink sinks soar soars plunge plunges high highs higher low lows lower close closes
closing open opens opening flat steady
weather forecast temperatures rain storms heat
`;

const RECURRING = new Set(titleTokens(RECURRING_WORDS.replace(/\s+/g, " ")));

/** Share (0..1) of a TF-IDF sum's squared weight that sits on the recurring-report vocabulary. */
export function recurringShare(sum: Sparse): number {
  let on = 0;
  let all = 0;
  for (const [t, w] of sum) {
    const w2 = w * w;
    all += w2;
    if (RECURRING.has(t)) on += w2;
  }
  return all > 0 ? on / all : 0;
}
