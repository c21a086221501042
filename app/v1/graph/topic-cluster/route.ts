import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { derivedBody } from "@/lib/serving/body-cache";
import { listTopicClusters, TopicClusterQuery } from "@/lib/topics/topics";

export const GET = withApiKey(
  { route: "/v1/graph/topic-cluster", query: TopicClusterQuery },
  async ({ deps, query, now }) =>
    derivedBody(deps.store, `topics:${JSON.stringify(query)}`, now, () =>
      listTopicClusters(deps.store, query),
    ),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
