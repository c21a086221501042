import type { FeedPolling } from "@/lib/sources/feed-polling";
import { when } from "@/lib/text/when";

import { Card, CardBody, CardHeader } from "../ui/card";
import { Pager } from "../ui/pager";
import { Alert } from "../ui/states";
import { SourceHealthTable, type SourceHealthRow } from "./source-health-table";

/** Feed health rows on one page: problems come first, so the first page shows them. */
export const HEALTH_PAGE_SIZE = 50;

/** What the dashboard says when no process fetches the feeds: their health is as of their last poll. */
export function pollingOffText(polling: FeedPolling, now: number): string {
  const last = polling.lastPolledAt === null ? "" : ` The last poll was ${when(polling.lastPolledAt, now)}.`;
  return `Feed polling is off: no process is fetching the registered feeds, so their health is as of each feed's last poll.${last} Start Lede with LEDE_POLL_FEEDS=true to poll them.`;
}

/** Feed health, a page at a time, with a notice when polling is off. */
export function FeedHealthCard({
  rows,
  polling,
  now,
  offset,
  pageParams,
}: {
  rows: SourceHealthRow[];
  polling: FeedPolling;
  now: number;
  offset: number;
  /** The address's other parameters, kept when paging. */
  pageParams: Record<string, string | undefined>;
}) {
  return (
    <Card aria-labelledby="health-title" data-testid="health-card">
      <CardHeader
        id="health-title"
        title="Feed health"
        description="Problems first. A failing feed is retried with growing back-off and never dropped."
      />
      {polling.on ? null : (
        <CardBody className="border-line border-b">
          <Alert tone="warn">{pollingOffText(polling, now)}</Alert>
        </CardBody>
      )}
      {rows.length ? (
        <>
          <SourceHealthTable rows={rows} now={now} offset={offset} limit={HEALTH_PAGE_SIZE} />
          {rows.length > HEALTH_PAGE_SIZE ? (
            <CardBody className="border-line border-t pt-0">
              <Pager
                path="/sources"
                params={pageParams}
                offset={offset}
                limit={HEALTH_PAGE_SIZE}
                total={rows.length}
                offsetParam="health_offset"
              />
            </CardBody>
          ) : null}
        </>
      ) : (
        <CardBody>
          <p className="text-muted text-sm">
            No source has a feed to poll: every article came from an import.
          </p>
        </CardBody>
      )}
    </Card>
  );
}
