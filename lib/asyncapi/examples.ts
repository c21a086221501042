// One example per message (contract §8.5 where it gives one). The AsyncAPI test checks each against its schema.

const item = {
  id: 5531,
  url_hash: "9f2c4e1ab07d3c55",
  title: "Senate passes export-control bill on advanced chips",
  url: "https://apnews.example/article/export-control-bill",
  source_id: "42",
  source_name: "AP News",
  category: "politics",
  published_at: 1767311950000,
  discovered_at: 1767311990000,
  excerpt:
    "The bill tightens licences for shipments of advanced chips such as Nvidia's data-centre processors.",
  image_url: null,
  content_status: "has_content",
  headline_summary: "The Senate passed a bill tightening chip export licences.",
  slug: "senate-passes-export-control-bill-on-advanced-chips-9f2c4e1a",
  tickers: [
    {
      symbol: "NVDA",
      name: "NVIDIA Corporation",
      asset_class: "equity",
      confidence: 0.65,
      sentiment: "bearish",
      sentiment_score: -0.3,
      evidence: "Nvidia",
    },
  ],
  source_language: "en",
  placeholder_image_url: null,
  video_url: null,
};

export const MESSAGE_EXAMPLES: Record<string, Array<Record<string, unknown>>> = {
  subscribe: [
    {
      type: "subscribe",
      filters: {
        topics: ["articles", "stories"],
        categories: ["politics", "technology"],
        keywords: ["tariff", "export ban"],
        entities: [42, 108],
        include_embeddings: false,
      },
    },
    { type: "subscribe" },
  ],
  ping: [{ type: "ping" }],
  subscribed: [
    {
      type: "subscribed",
      filters: {
        topics: ["articles", "stories"],
        categories: ["politics", "technology"],
        keywords: ["tariff", "export ban"],
        entities: [42, 108],
      },
    },
  ],
  error: [
    {
      type: "error",
      code: "invalid_filter",
      error: "embedding_filters.0.embedding: embedding must have 1536 numbers",
    },
  ],
  pong: [{ type: "pong", ts: 1767312000123 }],
  itemNew: [{ type: "item.new", id: 918273, ts: 1767311990000, data: item }],
  itemEnriched: [{ type: "item.enriched", id: 918274, ts: 1767312004410, entity_ids: [42, 108], data: item }],
  storyDevelopment: [
    {
      type: "story.development",
      id: 918280,
      ts: 1767312100000,
      data: {
        cluster_id: 7,
        title: "Senate vote",
        description: "The bill passed the Senate 61–38.",
        significance: "major",
        headline: "Senate passes export-control bill",
        category: "politics",
        previous_headline: "Senate debates export-control bill",
        new_headline: "Senate passes export-control bill",
        created_at_ms: 1767312100000,
        enrichment_seq: 3,
        id: 88,
        trigger_article_hashes: ["9f2c4e1ab07d3c55"],
      },
    },
  ],
  storyPriorityChanged: [
    {
      type: "story.priority_changed",
      id: 918281,
      ts: 1767312160000,
      data: {
        cluster_id: 7,
        headline: "Senate passes export-control bill",
        category: "politics",
        previous_priority: "medium",
        new_priority: "high",
        overall_score: 0.81,
        acceleration_score: 2.4,
      },
    },
  ],
  clusterEvent: [
    {
      type: "cluster.event",
      id: 918282,
      ts: 1767312200000,
      data: { action: "merge", cluster_id: 7, detail: { merged_cluster_ids: [9], article_count: 14 } },
    },
  ],
  clustersRanked: [
    {
      type: "clusters.ranked",
      id: 918290,
      ts: 1767312240000,
      updated: true,
      data: [
        {
          id: 7,
          slug: "senate-passes-export-control-bill-7",
          headline: "Senate passes export-control bill",
          summary: "The Senate passed a bill tightening export licences for advanced chips.",
          image_url: null,
          article_count: 14,
          sources: ["AP News", "Reuters"],
          top_entities: ["US Senate"],
          category: "politics",
          first_seen: 1767300000000,
          last_updated: 1767312200000,
          label: "Developing",
          tickers: [
            {
              symbol: "NVDA",
              name: "NVIDIA Corporation",
              asset_class: "equity",
              sentiment: "bearish",
              sentiment_score: -0.4,
              impact: "moderate",
              impact_score: 0.55,
              rationale: "Export licences cover the company's data-centre chips.",
              confidence: 0.8,
              price_usd: null,
              price_change_24h: null,
            },
          ],
          rank: 1,
          overall_score: 0.81,
        },
      ],
    },
  ],
  tickerNews: [
    {
      type: "ticker.news",
      id: 918300,
      ts: 1767312300000,
      data: {
        cluster_id: 7,
        headline: "Senate passes export-control bill",
        category: "politics",
        tickers: [
          {
            symbol: "NVDA",
            asset_class: "equity",
            sentiment: "bearish",
            sentiment_score: -0.4,
            impact: "moderate",
            impact_score: 0.55,
            rationale: "Export licences cover the company's data-centre chips.",
            confidence: 0.8,
            price_usd: null,
            price_change_24h: null,
          },
        ],
      },
    },
  ],
};
