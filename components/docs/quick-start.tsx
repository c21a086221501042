import Link from "next/link";

import { CodeBlock } from "../ui/code-block";
import { CopyButton } from "../ui/copy-button";
import { DocSection, InlineCode } from "./doc-section";

export const DOC_SECTIONS = [
  { id: "demo-key", title: "Sandbox demo key" },
  { id: "first-request", title: "Your first requests" },
  { id: "your-key", title: "Your own key" },
  { id: "limits", title: "Limits and credits" },
  { id: "errors", title: "Errors" },
  { id: "live-feed", title: "Live feed" },
];

/** The getting-started guide: curl examples against this server, with the sandbox demo key filled in. */
export function QuickStart({ baseUrl, demoKey, wsUrl }: { baseUrl: string; demoKey: string; wsUrl: string }) {
  return (
    <div className="space-y-12">
      <DocSection id="demo-key" title="Sandbox demo key">
        <p>
          Try the API without signing up. The demo key is public: read-only,{" "}
          <strong>5 requests a minute</strong>, never charged. It cannot read{" "}
          <InlineCode>/v1/usage</InlineCode> or open the live feed.
        </p>
        <div className="border-line bg-surface flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center">
          <code data-testid="demo-key" className="text-fg min-w-0 flex-1 font-mono text-xs break-all">
            {demoKey}
          </code>
          <CopyButton value={demoKey} label="Copy demo key" className="shrink-0" />
        </div>
      </DocSection>

      <DocSection id="first-request" title="Your first requests">
        <p>The version endpoint needs no key at all:</p>
        <CodeBlock code={`curl ${baseUrl}/v1/version`} />
        <p>
          Every other endpoint takes the key as a Bearer token. The newest articles, and the stories they
          form:
        </p>
        <CodeBlock
          code={`export LEDE_KEY=${demoKey}\n\ncurl -H "Authorization: Bearer $LEDE_KEY" "${baseUrl}/v1/items?limit=5"\ncurl -H "Authorization: Bearer $LEDE_KEY" "${baseUrl}/v1/stories?limit=5&category=technology"`}
        />
        <p>
          Timestamps are Unix milliseconds, ids are integers, and lists page with{" "}
          <InlineCode>limit</InlineCode> and <InlineCode>offset</InlineCode>.
        </p>
      </DocSection>

      <DocSection id="your-key" title="Your own key">
        <p>
          <Link
            href="/sign-up"
            className="text-accent font-medium underline underline-offset-4 hover:decoration-2"
          >
            Create an account
          </Link>{" "}
          (free plan: 1,000 credits a month, 30 requests a minute), then create a key on the{" "}
          <Link
            href="/keys"
            className="text-accent font-medium underline underline-offset-4 hover:decoration-2"
          >
            API keys
          </Link>{" "}
          page. It is shown once: store it in your secrets manager. Check what you have used at any time:
        </p>
        <CodeBlock code={`curl -H "Authorization: Bearer $LEDE_KEY" "${baseUrl}/v1/usage"`} />
        <p>
          The old <InlineCode>?api_key=</InlineCode> query parameter still works but is deprecated (responses
          say <InlineCode>Deprecation: true</InlineCode>): keys in URLs end up in logs.
        </p>
      </DocSection>

      <DocSection id="limits" title="Limits and credits">
        <p>
          Every authenticated response reports where you stand: <InlineCode>X-RateLimit-Limit</InlineCode>,{" "}
          <InlineCode>X-RateLimit-Remaining</InlineCode>, <InlineCode>X-RateLimit-Reset</InlineCode> for the
          per-key minute budget, and <InlineCode>X-Credits-Cost</InlineCode>,{" "}
          <InlineCode>X-Credits-Used</InlineCode>, <InlineCode>X-Credits-Limit</InlineCode> for the
          account&apos;s monthly credits. A 429 carries <InlineCode>Retry-After</InlineCode>. Failed requests
          are never charged.
        </p>
        <CodeBlock
          code={`curl -i -H "Authorization: Bearer $LEDE_KEY" "${baseUrl}/v1/items?limit=1" | grep -i '^x-'`}
        />
      </DocSection>

      <DocSection id="errors" title="Errors">
        <p>
          Every error has the same body; branch on the stable <InlineCode>code</InlineCode>, not the message.
        </p>
        <CodeBlock
          language="json"
          code={`{"error": {"code": "invalid_api_key", "message": "the API key is malformed, unknown or revoked",\n           "status": 401, "request_id": "req_…"}}`}
        />
      </DocSection>

      <DocSection id="live-feed" title="Live feed">
        <p>
          Paid plans can hold keys with the <InlineCode>ws:connect</InlineCode> scope and follow new articles
          and story changes as they happen over a WebSocket:
        </p>
        <CodeBlock
          code={`npx wscat -c "${wsUrl}/ws?token=$LEDE_KEY"\n> {"type": "subscribe", "filters": {"topics": ["stories"]}}`}
        />
      </DocSection>
    </div>
  );
}
