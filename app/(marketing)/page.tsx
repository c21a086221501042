import { PlanCards } from "@/components/plans/plan-cards";
import { ButtonLink } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { GraphIcon, LayersIcon, NewspaperIcon, RankingIcon } from "@/components/ui/icons";
import { currentSession } from "@/lib/api/current-session";
import { DEFAULT_DEMO_KEY } from "@/lib/keys/key-format";

const FEATURES = [
  {
    icon: <NewspaperIcon />,
    title: "Stories, not links",
    body: "Articles from hundreds of feeds grouped into stories that evolve, with a timeline of developments.",
  },
  {
    icon: <GraphIcon />,
    title: "Entities and graphs",
    body: "People, organisations and places, resolved and linked, with the relationships between them.",
  },
  {
    icon: <RankingIcon />,
    title: "Real time",
    body: "A WebSocket feed of new articles and story changes, and a backtest that replays the same events.",
  },
  {
    icon: <LayersIcon />,
    title: "Yours to run",
    body: "One process, one port, an embedded database. No external service needed.",
  },
];

export default async function HomePage() {
  const signedIn = (await currentSession()) !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <section className="py-16 sm:py-24">
        <p className="text-accent text-sm font-semibold tracking-wide uppercase">Lede</p>
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          News intelligence you can run yourself
        </h1>
        <p className="text-muted mt-5 max-w-2xl text-lg">
          Lede reads real news feeds, groups articles into stories, extracts who and what they are about, and
          serves it all through a REST API and a live feed.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {signedIn ? (
            <ButtonLink href="/dashboard">Open the dashboard</ButtonLink>
          ) : (
            <ButtonLink href="/sign-up">Get an API key</ButtonLink>
          )}
          <ButtonLink href="/docs" variant="secondary">
            Read the quick start
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="features" className="grid gap-4 sm:grid-cols-2">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        {FEATURES.map((f) => (
          <article key={f.title} className="border-line bg-surface rounded-xl border p-6 shadow-xs">
            <div className="bg-accent/10 text-accent mb-4 flex size-10 items-center justify-center rounded-lg">
              {f.icon}
            </div>
            <h3 className="font-semibold">{f.title}</h3>
            <p className="text-muted mt-2 text-sm">{f.body}</p>
          </article>
        ))}
      </section>

      <section aria-labelledby="try" className="mt-16">
        <h2 id="try" className="text-2xl font-semibold tracking-tight">
          Try it
        </h2>
        <p className="text-muted mt-2 text-sm">
          The sandbox demo key needs no sign-up: read-only, 5 requests per minute.
        </p>
        <div className="mt-4">
          <CodeBlock
            code={`curl -H "Authorization: Bearer ${DEFAULT_DEMO_KEY}" \\\n  http://localhost:3000/v1/items?limit=5`}
          />
        </div>
      </section>

      <section id="plans" aria-labelledby="plans-title" className="mt-16 scroll-mt-20">
        <h2 id="plans-title" className="text-2xl font-semibold tracking-tight">
          Plans
        </h2>
        <p className="text-muted mt-2 mb-6 text-sm">
          Monthly credits per account, requests per minute per key. Failed requests are never charged.
        </p>
        <PlanCards />
      </section>
    </div>
  );
}
