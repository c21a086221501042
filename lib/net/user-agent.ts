/** What Lede calls itself to publishers; operators add a contact address through LEDE_USER_AGENT. */
export const DEFAULT_USER_AGENT =
  "LedeBot/0.1 (Lede news intelligence, self-hosted; set LEDE_USER_AGENT to add a contact)";
