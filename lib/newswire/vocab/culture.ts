/** Invented titles, teams, tokens and missions; the institutions around them are real. */
const words = (s: string) => s.split(/\s*,\s*/).filter(Boolean);

export const FILM_ADJ = words(
  "Glass, Silent, Crimson, Last, Hollow, Golden, Broken, Midnight, Paper, Distant, Iron, Velvet, Salt, Burning, Quiet, Winter",
);
export const FILM_NOUN = words(
  "Orchard, Harbour, Kingdom, Frontier, Tide, Garden, Witness, Empire, Lantern, Meridian, Orbit, Verdict, Season, Horizon, Archive, Crown",
);
export const STUDIOS = words(
  "Silverline Pictures, Northlight Studios, Bluewater Films, Paragon Entertainment, Highgate Pictures, Lodestar Studios",
);
export const AWARDS = words(
  "the Cannes Film Festival, the Venice Film Festival, the Berlin Film Festival, the Golden Lantern Awards, the Meridian Music Awards, the Silver Reel Awards",
);
export const GENRES = words(
  "sci-fi epic, heist thriller, animated musical, superhero sequel, period drama, horror reboot",
);

export const CLUB_NICKNAMES = words(
  "Falcons, Mariners, Comets, Rovers, Harriers, Wanderers, Lions, Athletic, Rangers, Pioneers, Titans, Dynamo, Sporting, Albion",
);
export const COMPETITIONS = words(
  "the Continental Champions Cup, the national cup final, the league title decider, the Super Cup, the Intercontinental Shield",
);
export const SPORTS = [
  { sport: "athletics", specialty: "sprinter", event: "100m" },
  { sport: "cycling", specialty: "cyclist", event: "road race" },
  { sport: "tennis", specialty: "tennis player", event: "singles" },
  { sport: "swimming", specialty: "swimmer", event: "200m freestyle" },
  { sport: "weightlifting", specialty: "weightlifter", event: "81kg" },
];

export const COINS = [
  { coin: "Bitcoin", ticker: "BTC", level: [60000, 110000] },
  { coin: "Ether", ticker: "ETH", level: [2000, 4500] },
  { coin: "Solana", ticker: "SOL", level: [90, 260] },
  { coin: "XRP", ticker: "XRP", level: [0.4, 3] },
  { coin: "Dogecoin", ticker: "DOGE", level: [0.08, 0.4] },
];
export const EXCHANGES = words(
  "Coinvault, Bitmarrow, Ledgerly, Hashport, Tokenforge, Vaultline, Blockharbor, Cryptonest",
);

export const MISSION_NAMES = words(
  "Aurora, Pathsetter, Solace, Tempest, Lyra, Odyssey, Kestrel, Halcyon, Vega, Meridian",
);
export const SPACE_TARGETS = [
  { target: "the Moon", lander: "lunar lander", place: "the Moon's south pole" },
  { target: "Mars", lander: "Mars rover", place: "Jezero crater" },
  { target: "Venus", lander: "Venus probe", place: "Venus's clouds" },
  { target: "an asteroid", lander: "asteroid probe", place: "the asteroid's surface" },
  { target: "Jupiter's moon Europa", lander: "Europa orbiter", place: "Europa's icy shell" },
];
export const TELESCOPES = words(
  "the James Webb Space Telescope, the Very Large Telescope, the Hubble Space Telescope, the Vera Rubin Observatory",
);
export const DINO_PREFIX = words("Titano, Raptoro, Ankylo, Megalo, Sauro, Cerato, Brachio, Spino");
export const DINO_SUFFIX = words("venator, dromeus, saurus, titan, raptor, ceratops");

export const DISEASES = [
  { disease: "cholera", short: "cholera" },
  { disease: "dengue fever", short: "dengue" },
  { disease: "measles", short: "measles" },
  { disease: "mpox", short: "mpox" },
  { disease: "H5N1 bird flu", short: "bird flu" },
  { disease: "Marburg virus", short: "Marburg" },
];
export const CONDITIONS = words(
  "obesity, Alzheimer's disease, breast cancer, migraine, type 2 diabetes, heart failure, severe asthma",
);
export const DRUG_START = words("zel, ort, vam, lin, tre, bexa, cor, nuv, sol, pra");
export const DRUG_END = words("umab, aglitide, otinib, ivimab, oxetine, ramab, afenib");
