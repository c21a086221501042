// Month names in the languages of the shipped registry's feeds, mapped to the English abbreviations Date.parse reads.
const MONTHS: Array<[RegExp, string]> = [
  [/\b(janv(?:ier)?|januar|enero|ene|janeiro|gennaio|gen)\.?(?=\s|$)/i, "Jan"],
  [/\b(f[ée]vr(?:ier)?|februar|febrero|fevereiro|febbraio)\.?(?=\s|$)/i, "Feb"],
  [/\b(mars|m[äa]rz|marzo|mar[çc]o)\.?(?=\s|$)/i, "Mar"],
  [/\b(avr(?:il)?|abril|abr|aprile)\.?(?=\s|$)/i, "Apr"],
  [/\b(mai|mayo|maio|maggio|mag)\.?(?=\s|$)/i, "May"],
  [/\b(juin|juni|junio|junho|giugno|giu)\.?(?=\s|$)/i, "Jun"],
  [/\b(juil(?:let)?|juli|julio|julho|luglio|lug)\.?(?=\s|$)/i, "Jul"],
  [/\b(ao[uû]t|agosto|ago)\.?(?=\s|$)/i, "Aug"],
  [/\b(septembre|septiembre|setembro|settembre|set|sept)\.?(?=\s|$)/i, "Sep"],
  [/\b(octobre|oktober|octubre|outubro|ottobre|okt|out|ott)\.?(?=\s|$)/i, "Oct"],
  [/\b(novembre|noviembre|novembro)\.?(?=\s|$)/i, "Nov"],
  [/\b(d[ée]c(?:embre)?|dezember|diciembre|dezembro|dicembre|dez|dic)\.?(?=\s|$)/i, "Dec"],
];

// Zone abbreviations publishers use that Date.parse does not know (it knows UT, GMT, Z and the US zones).
const ZONES: Record<string, string> = {
  UTC: "+0000",
  WET: "+0000",
  BST: "+0100",
  CET: "+0100",
  WAT: "+0100",
  CEST: "+0200",
  EET: "+0200",
  SAST: "+0200",
  EEST: "+0300",
  MSK: "+0300",
  IRST: "+0330",
  PKT: "+0500",
  IST: "+0530",
  BDT: "+0600",
  MMT: "+0630",
  WIB: "+0700",
  HKT: "+0800",
  PHT: "+0800",
  AWST: "+0800",
  JST: "+0900",
  KST: "+0900",
  ACST: "+0930",
  AEST: "+1000",
  AEDT: "+1100",
  NZST: "+1200",
  NZDT: "+1300",
  BRT: "-0300",
  ART: "-0300",
};

// Anything earlier is a placeholder (the epoch, year 1), not a publication date.
const EARLIEST = Date.UTC(1990, 0, 1);

/**
 * Parses a publisher date: epoch seconds or ms, ISO 8601 (a zone-less one is read as UTC, not as the server's local
 * time), RFC 822 including non-English day and month names and common zone abbreviations. Unparseable, absent or
 * implausibly old → 0 (contract §6.1: 0 if unknown).
 */
export function parsePublished(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  if (typeof value === "number" || /^\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return 0;
    return plausible(n < 1e11 ? Math.round(n * 1000) : Math.round(n));
  }
  const text = value.trim().replace(/\s+/g, " ");
  const iso = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text);
  if (iso) return plausible(Date.parse(`${iso[1]}T${iso[2]}Z`));
  const direct = Date.parse(text);
  if (Number.isFinite(direct)) return plausible(direct);
  return plausible(Date.parse(englishDate(text)));
}

/** Rewrites a localised RFC 822-style date into the English form Date.parse reads. */
function englishDate(text: string): string {
  // A leading day name in any language ("Mar,", "Di.,", "lun.") carries nothing the date does not.
  let t = text.replace(/^[^\d\s,]{1,12}\.?,?\s+(?=\d)/u, "");
  for (const [re, en] of MONTHS) t = t.replace(re, en);
  t = t.replace(/\b([A-Z]{2,5})$/, (zone) => ZONES[zone] ?? zone);
  return t.replace(/(\d)(?:er|\.)?\s(?=[A-Z][a-z]{2}\b)/, "$1 ");
}

function plausible(ms: number): number {
  return Number.isFinite(ms) && ms >= EARLIEST ? ms : 0;
}
