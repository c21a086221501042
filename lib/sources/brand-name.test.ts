import { describe, expect, it } from "vitest";

import { brandName, hostLabels } from "./brand-name";
import { guessLanguage } from "./guess-language";

describe("brandName", () => {
  it("picks the title part that matches the host", () => {
    expect(brandName(["Latest News and News Headlines | Daily Telegraph"], "dailytelegraph.com.au")).toBe(
      "Daily Telegraph",
    );
    expect(brandName(["Sydney Morning Herald - Latest News"], "smh.com.au")).toBe("Sydney Morning Herald");
    expect(brandName(["CBC | Top Stories News"], "cbc.ca")).toBe("CBC");
    expect(brandName(["https://www.engadget.com/"], "engadget.com")).toBe("engadget.com");
  });

  it("uses the part several feeds share, else the host", () => {
    expect(brandName(["BBC News - India", "BBC News - Technology"], "bbci.co.uk")).toBe("BBC News");
    expect(brandName(["Latest", "Home"], "example.org")).toBe("example.org");
  });

  it("reads a host's distinctive labels", () => {
    expect(hostLabels("timesofindia.indiatimes.com")).toEqual(["timesofindia", "indiatimes"]);
    expect(hostLabels("www.bbc.co.uk")).toEqual(["bbc"]);
  });
});

describe("guessLanguage", () => {
  it("reads the script, then function words, then the country", () => {
    expect(guessLanguage(["朝日新聞デジタル"], "Japan")).toBe("ja");
    expect(guessLanguage(["Вести.ua"], "Ukraine")).toBe("uk");
    expect(guessLanguage(["Le Monde.fr - Actualités et Infos en France et dans le monde"], "France")).toBe(
      "fr",
    );
    expect(guessLanguage(["The Local", "News from the heart of Europe"], "Italy")).toBe("en");
    expect(guessLanguage(["Corriere"], "Italy")).toBe("it");
    expect(guessLanguage(["Daily"], null)).toBe("en");
  });
});
