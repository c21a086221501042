import { DEFAULT_DEMO_KEY } from "@/lib/keys/key-format";

const FEATURES = [
  {
    title: "Stories, not links",
    body: "Articles from hundreds of feeds grouped into stories that evolve, with a timeline of developments.",
  },
  {
    title: "Entities and graphs",
    body: "People, organisations and places, resolved and linked, with the relationships between them.",
  },
  {
    title: "Real time",
    body: "A WebSocket feed of new articles and story changes, and a backtest that replays the same events.",
  },
  { title: "Yours to run", body: "One process, one port, an embedded database. No external service needed." },
];

export default function HomePage() {
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <header className="mb-12">
        <p className="text-brand-600 text-sm font-semibold tracking-wide uppercase">Lede</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
          News intelligence you can run yourself
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Lede reads real news feeds, groups articles into stories, extracts who and what they are about, and
          serves it all through a REST API and a live feed.
        </p>
      </header>
      <section aria-labelledby="features" className="grid gap-6 sm:grid-cols-2">
        <h2 id="features" className="sr-only">
          Features
        </h2>
        {FEATURES.map((f) => (
          <article key={f.title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
            <h3 className="font-semibold">{f.title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.body}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="try" className="mt-12">
        <h2 id="try" className="text-xl font-semibold">
          Try it
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The sandbox demo key needs no sign-up: read-only, 5 requests per minute.
        </p>
        <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-100">
          <code>{`curl -H "Authorization: Bearer ${DEFAULT_DEMO_KEY}" \\\n  http://localhost:3000/v1/items?limit=5`}</code>
        </pre>
      </section>
    </main>
  );
}
