import type { Category } from "../categories";

/**
 * Headlines written for the classifier tests, six per category, in the style of current feeds. They check the
 * categories the training data does not label (and the 2014 data's blind spots, such as AI); they are not an
 * independent benchmark, since the same hand wrote the cue lexicon.
 */
export const CHECK_HEADLINES: Record<Category, string[]> = {
  world: [
    "Israeli airstrikes kill dozens in southern Gaza as ceasefire talks stall",
    "Ukraine says Russian missiles hit power plants across the country overnight",
    "UN Security Council meets after North Korea fires ballistic missile",
    "Sudan's warring factions agree to humanitarian pause in Darfur",
    "Taliban bar women from Afghan medical training institutes",
    "Rescuers search rubble after magnitude 7.1 earthquake strikes Myanmar",
  ],
  politics: [
    "Senate passes stopgap bill hours before government shutdown deadline",
    "Labour wins landslide as Starmer becomes prime minister",
    "Republicans pick new House speaker after weeks of turmoil",
    "Voters head to the polls in tight governor race",
    "Parliament rejects no-confidence motion against coalition government",
    "Supreme Court hears arguments over presidential immunity",
  ],
  business: [
    "Shares in Unilever jump after quarterly sales beat forecasts",
    "Federal Reserve holds interest rates steady, signals patience on cuts",
    "UK inflation falls to 2.3%, lowest in nearly three years",
    "Boeing posts $1.4 billion loss as 737 production slows",
    "Oil prices slide as OPEC+ agrees to raise output",
    "Wall Street closes higher as Nasdaq hits record",
  ],
  technology: [
    "OpenAI unveils new ChatGPT model that can reason through maths problems",
    "Apple to open iPhone to rival app stores in Europe",
    "Nvidia overtakes Microsoft as world's most valuable company on AI chip demand",
    "Ransomware attack disrupts hospital IT systems across London",
    "Google launches Gemini assistant on Android phones",
    "Start-up raises $200m to build humanoid robots for warehouses",
  ],
  science: [
    "Astronomers detect water vapour in atmosphere of distant exoplanet",
    "NASA's Perseverance rover finds organic molecules in Mars rock",
    "Scientists sequence genome of 45,000-year-old human from Siberia",
    "Fossil of giant dinosaur unearthed in Patagonia",
    "Physicists at CERN observe rare particle decay for the first time",
    "SpaceX rocket carries four astronauts to the International Space Station",
  ],
  health: [
    "NHS waiting lists fall for the first time in a year",
    "New vaccine cuts malaria deaths in children by three quarters, trial shows",
    "FDA approves first drug to slow early Alzheimer's disease",
    "Measles cases rise sharply as vaccination rates drop",
    "Bird flu found in dairy cattle in a fifth US state",
    "Daily walk of 20 minutes lowers risk of heart disease, study of 90,000 patients finds",
  ],
  sports: [
    "Arsenal beat Chelsea 2-1 to go top of the Premier League",
    "Djokovic reaches Wimbledon final after straight-sets win",
    "Lakers edge Celtics in overtime thriller",
    "England collapse to 120 all out on day two of the second Test",
    "Verstappen wins Japanese Grand Prix from pole",
    "Real Madrid sign Brazilian midfielder in €60m transfer",
  ],
  entertainment: [
    "Taylor Swift announces extra London dates for record-breaking tour",
    "Oppenheimer sweeps Oscars with seven awards including best picture",
    "Netflix renews hit drama series for a third season",
    "Beyoncé's country album debuts at number one",
    "Box office: horror sequel tops weekend with $45m",
    "Actor reveals he turned down role in Marvel franchise",
  ],
  climate: [
    "Global temperatures breach 1.5C warming threshold for a full year",
    "COP29 agrees $300bn climate finance deal for poorer nations",
    "Record heatwave grips southern Europe as wildfires spread",
    "EU sets target to cut emissions 90% by 2040",
    "Coal plant closures push UK power sector emissions to lowest level since 1950s",
    "Antarctic sea ice hits record low for the third year running",
  ],
  crypto: [
    "Bitcoin tops $100,000 for the first time",
    "SEC approves spot ether ETFs",
    "Binance to pay $4.3bn to settle US money-laundering charges",
    "Stablecoin issuer Tether reports record quarterly profit",
    "Hackers steal $600m in tokens from blockchain bridge",
    "Coinbase shares rise as crypto trading volumes rebound",
  ],
};
