import { SCORE_COLUMNS, type SourceRanking } from "./score-columns";

/** The nine scores of one source as a row of small bars: its profile at a glance (the numbers are in the row). */
export function ScoreBars({ ranking }: { ranking: SourceRanking }) {
  const w = 6;
  const gap = 2;
  const h = 24;
  return (
    <svg
      width={SCORE_COLUMNS.length * (w + gap)}
      height={h}
      viewBox={`0 0 ${SCORE_COLUMNS.length * (w + gap)} ${h}`}
      aria-hidden="true"
      className="text-accent"
    >
      {SCORE_COLUMNS.map((c, i) => {
        const v = Math.max(0.04, ranking[c.key]);
        return (
          <rect
            key={c.key}
            x={i * (w + gap)}
            y={h - v * h}
            width={w}
            height={v * h}
            rx={1}
            className={c.inverted ? "fill-warn" : "fill-current"}
          />
        );
      })}
    </svg>
  );
}
