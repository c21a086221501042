import { Command, CommanderError } from "commander";

import { accountsListCommand, accountsSetTierCommand, accountsVerifyLinkCommand } from "./commands/accounts";
import { accountsResetLinkCommand } from "./commands/accounts-reset-link";
import { exportAssignmentsCommand } from "./commands/export-assignments";
import { importCommand } from "./commands/import";
import { keysCreateCommand } from "./commands/keys-create";
import { migrateDataCommand } from "./commands/migrate-data";
import { securitiesImportCommand, securitiesListCommand } from "./commands/securities";
import { sourcesExportCommand, sourcesImportCommand, sourcesListCommand } from "./commands/sources";
import { startCommand } from "./commands/start";

/** The `lede` command line. Command names and output formats are relied on by scripts: keep them stable. */
export async function main(argv: string[]): Promise<void> {
  const program = new Command("lede").description("Lede: self-hosted news intelligence").exitOverride();

  program
    .command("start")
    .description("run the server and the ingestion worker")
    .option("-p, --port <port>", "port to listen on (default: $PORT or 3000)")
    .option("--dev", "run Next.js in development mode")
    .option("--demo", "no network needed: poll a simulated newswire on loopback (data in ./data-demo)")
    .action(startCommand);

  program
    .command("import")
    .description("bulk-load articles from a JSON Lines file (.jsonl or .jsonl.gz)")
    .argument("<file>")
    .option(
      "--event-time <time>",
      "emit (default): events carry the moment they entered the log, so backtests are point-in-time; " +
        "article: a historical backfill whose events carry the articles' own times (not point-in-time)",
      "emit",
    )
    .action(importCommand);

  program
    .command("export")
    .description("export data")
    .command("assignments")
    .description("one JSON line per article: {id, url_hash, story_id}")
    .option("-o, --out <file>", "write to a file instead of stdout")
    .action(exportAssignmentsCommand);

  program
    .command("migrate-data")
    .description(
      "copy the embedded install (LEDE_DATA_DIR) into a PostgreSQL database with pgvector, empty or partly copied " +
        "by an earlier run, which it completes; then start Lede with DATABASE_URL set to it",
    )
    .requiredOption("--to <url>", "the target database, postgres://user:password@host:5432/db")
    .option("--batch-size <rows>", "rows per transaction (vectors: a fifth)", "1000")
    .action(migrateDataCommand);

  const keys = program.command("keys").description("manage API keys");
  keys
    .command("create")
    .description("create an API key (and its user and account if needed); prints the key once")
    .requiredOption("--email <email>", "the key owner's email")
    .option("--tier <tier>", "plan of the account: free, starter, pro or business")
    .option("--scopes <scopes>", "comma-separated scopes (read is always included)", "read")
    .option("--name <name>", "a name for the key", "default")
    .action(keysCreateCommand);

  const accounts = program.command("accounts").description("manage accounts and their plans");
  accounts
    .command("list")
    .description("list accounts with their plan, users and live keys")
    .option("--json", "JSON lines output")
    .action(accountsListCommand);
  accounts
    .command("set-tier")
    .description("move a user's account to another plan (no payment processing: an operator action)")
    .requiredOption("--email <email>", "email of a user of the account")
    .requiredOption("--tier <tier>", "free, starter, pro or business")
    .action(accountsSetTierCommand);
  accounts
    .command("verify-link")
    .description(
      "print a one-time link that verifies a user's email (sign-up mails it when LEDE_SMTP_URL is set)",
    )
    .requiredOption("--email <email>", "the user's email")
    .action(accountsVerifyLinkCommand);

  accounts
    .command("reset-link")
    .description("print a one-time link that sets a new password for a user (valid for an hour)")
    .requiredOption("--email <email>", "the user's email")
    .action(accountsResetLinkCommand);

  const sources = program.command("sources").description("manage the source registry");
  sources
    .command("import")
    .description("register the feeds of an OPML file")
    .argument("<file>")
    .action(sourcesImportCommand);
  sources
    .command("list")
    .description("list sources with their feed health")
    .option("--json", "JSON lines output")
    .action(sourcesListCommand);
  sources
    .command("export")
    .description("write the registry as OPML")
    .option("-o, --out <file>")
    .action(sourcesExportCommand);

  const securities = program
    .command("securities")
    .description("manage the registry of securities the tagger knows");
  securities
    .command("import")
    .description("add securities from a CSV file (symbol,name,asset_class,aliases,exchange,source)")
    .argument("<file>")
    .action(securitiesImportCommand);
  securities
    .command("list")
    .description("list the securities the tagger knows")
    .option("--json", "JSON lines output")
    .option("--added", "only those added by import")
    .action(securitiesListCommand);

  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode;
      return;
    }
    console.error(`lede: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
