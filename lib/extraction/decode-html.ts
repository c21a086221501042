/**
 * Decodes an HTML document's bytes: a byte-order mark first, then the charset of the Content-Type header, then a
 * <meta charset> or <meta http-equiv> in the first 1,024 bytes, else UTF-8. Labels follow the WHATWG Encoding
 * standard (so `iso-8859-1` decodes as windows-1252, as browsers do).
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const bom = sniffBom(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const fromMeta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<\?xml[^>]+encoding=["']([\w.:-]+)["']/i.exec(head)?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (!label) continue;
    try {
      const decoder = new TextDecoder(label.toLowerCase());
      return decoder.encoding === "windows-1252" ? decodeWindows1252(bytes) : decoder.decode(bytes);
    } catch {
      // An unknown label: fall through to the next candidate.
    }
  }
  return new TextDecoder("utf-8").decode(bytes);
}

// Node's TextDecoder reports windows-1252 for the Latin-1 labels but decodes 0x80–0x9F as C1 controls, where
// browsers (and the Encoding standard) show curly quotes, dashes and the euro sign. Those 32 bytes are mapped here.
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return latin1.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

function sniffBom(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  return null;
}
