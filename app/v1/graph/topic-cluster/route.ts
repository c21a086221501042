import { otherMethods } from "@/lib/api/method-not-allowed";
import { withApiKey } from "@/lib/api/with-api-key";
import { listTopicClusters, TopicClusterQuery } from "@/lib/topics/topics";

export const GET = withApiKey(
  { route: "/v1/graph/topic-cluster", query: TopicClusterQuery },
  async ({ deps, query }) => listTopicClusters(deps.store, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
