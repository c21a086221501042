import { fmtInt, num, roundish } from "../numbers";
import type { EventKind } from "../types";
import { FIRST_NAMES } from "../vocab/people";

/** What a tropical storm is called where it forms. */
const STORM_TYPE: Record<string, string> = {
  "North America": "Hurricane",
  Caribbean: "Hurricane",
  Asia: "Typhoon",
  Oceania: "Cyclone",
};

/** Coastal cities a tropical storm can reach, by country. */
const STORM_CITIES: Record<string, string[]> = {
  "United States": ["Miami", "Houston", "New Orleans", "Tampa"],
  Mexico: ["Acapulco", "Cancún", "Veracruz"],
  Cuba: ["Havana", "Santiago de Cuba"],
  Jamaica: ["Kingston", "Montego Bay"],
  Japan: ["Osaka", "Fukuoka", "Okinawa"],
  "South Korea": ["Busan", "Incheon"],
  Philippines: ["Tacloban", "Manila", "Cebu"],
  Vietnam: ["Da Nang", "Hue", "Haiphong"],
  India: ["Chennai", "Kolkata", "Mumbai", "Visakhapatnam"],
  Bangladesh: ["Chittagong", "Khulna", "Cox's Bazar"],
  Australia: ["Cairns", "Brisbane", "Townsville"],
  "New Zealand": ["Auckland", "Gisborne"],
};

const storm: EventKind = {
  id: "storm",
  category: "climate",
  weight: 2,
  scale: 1.4,
  spacing: 72,
  key: "storm",
  // Another storm hitting the same country within days.
  shared: ["country"],
  twinGap: [40, 100],
  cast: (c) => {
    const country = c.country("country", (x) => x.hazards.includes("storm"));
    const type =
      country.country_name === "India" || country.country_name === "Bangladesh"
        ? "Cyclone"
        : (STORM_TYPE[country.country_region as string] ?? "Storm");
    return {
      ...country,
      ...c.one("city", STORM_CITIES[country.country_name as string] ?? [country.country_capital as string]),
      ...c.role("storm", () => ({
        storm: `${type} ${c.cast.claim("storm", FIRST_NAMES)}`,
        type: type.toLowerCase(),
      })),
    };
  },
  topics: ["{storm}", "{storm}'s path"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ wind: String(r.int(150, 260)), evacuated: fmtInt(roundish(r.int(20, 900) * 1000)) }),
      headlines: [
        "{storm} [strengthens|intensifies] as it [heads for|nears] {country}",
        "{country} [orders evacuations|evacuates {evacuated}] ahead of {storm}",
        "{storm} [barrels|churns] towards {city} with {wind} km/h winds",
        "{country} braces for {storm}[, schools and airports closed|]",
      ],
      texts: [
        "Authorities in {country_the} ordered {evacuated} people to leave coastal areas as {storm} approached with winds of {wind} km/h.",
        "{storm} was expected to make landfall near {city}, forecasters said on {day}.",
      ],
    },
    {
      at: [8, 30],
      weight: 4,
      facts: (r) => ({ deaths: String(r.int(2, 30)), without: fmtInt(r.int(1, 30) * 100000) }),
      headlines: [
        "{storm} makes landfall [near|in] {city}",
        "{storm} [slams into|batters|pounds] {country}, killing {deaths}",
        "{without} without power as {storm} [hits|lashes] {country}",
        "[Deadly|Powerful] {storm} [tears through|lashes] {city}",
      ],
      texts: [
        "{storm} made landfall near {city}, killing at least {deaths} people and leaving {without} homes without power.",
      ],
    },
    {
      at: [30, 60],
      weight: 3,
      facts: (r, s) => ({ deaths: String(num(s.deaths) + r.int(5, 40)) }),
      headlines: [
        "{storm} death toll [rises|climbs] to {deaths} in {country}",
        "{country} counts cost of {storm} as [floodwaters rise|clean-up begins]",
        "[Flooding|Landslides] [after|in wake of] {storm} [kill|leave] {deaths} dead",
      ],
      texts: [
        "The number of people killed by {storm} in {country_the} rose to {deaths} as floodwaters spread inland.",
      ],
    },
  ],
};

const wildfire: EventKind = {
  id: "wildfire",
  category: "climate",
  weight: 4,
  scale: 1,
  spacing: 12,
  key: "city",
  // Several fires burning in one country at once.
  shared: ["country"],
  twinGap: [-12, 48],
  cast: (c) => ({
    ...c.country("country", (x) => x.hazards.includes("fire")),
    ...c.city("city", "country"),
  }),
  topics: ["the {city} wildfire", "the fire near {city}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ hectares: fmtInt(r.int(2, 40) * 1000), evacuated: fmtInt(r.int(2, 60) * 1000) }),
      headlines: [
        "[Wildfire|Forest fire|Bushfire] [forces|prompts] evacuations near {city}",
        "{evacuated} [evacuated|flee] as [wildfire|blaze] [rages|spreads] near {city}",
        "{country}: [wildfire|blaze] [burns|scorches] {hectares} hectares near {city}",
        "[Out-of-control|Fast-moving] [wildfire|fire] [threatens|closes in on] {city}",
      ],
      texts: [
        "A wildfire near {city} has burned {hectares} hectares and forced {evacuated} people from their homes, firefighters in {country_the} said.",
      ],
    },
    {
      at: [6, 20],
      weight: 3,
      facts: (r, s) => ({ hectares: fmtInt(roundish(num(s.hectares) * r.float(1.5, 3))) }),
      headlines: [
        "{city} [wildfire|fire] [doubles in size|grows] to {hectares} hectares",
        "[Firefighters|Water bombers] battle {city} blaze [through the night|as winds pick up]",
        "{country} [sends army|requests EU help] to fight {city} wildfire",
      ],
      texts: ["Firefighters worked through the night as the fire near {city} grew to {hectares} hectares."],
    },
    {
      at: [24, 60],
      weight: 2,
      headlines: [
        "{city} wildfire [contained|under control] after [days|three days]",
        "Residents return to [scorched|burnt-out] homes near {city}",
        "[Arson|Power lines] [suspected|investigated] as cause of {city} fire",
      ],
      texts: [
        "Firefighters said the fire near {city} was contained, and evacuated residents began returning home.",
      ],
    },
  ],
};

const heat: EventKind = {
  id: "heatwave",
  category: "climate",
  weight: 3,
  scale: 0.9,
  spacing: 48,
  key: "country",
  shared: [],
  twinGap: [-12, 48],
  cast: (c) => ({
    ...c.country("country", (x) => x.hazards.includes("heat")),
    ...c.city("city", "country"),
  }),
  topics: ["the {country} heatwave", "{country_the}'s heatwave"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ temp: String(r.int(41, 49)) }),
      headlines: [
        "{country} [sets temperature record|records hottest day on record] as {city} hits {temp}C",
        "[Heatwave|Extreme heat] [grips|scorches] {country} as temperatures hit {temp}C",
        "{city} [swelters|bakes] in record {temp}C heat",
      ],
      texts: [
        "Temperatures reached {temp}C in {city} on {day}, a national record for {country_the}, the weather service said.",
      ],
    },
    {
      at: [6, 20],
      weight: 2,
      headlines: [
        "{country} [issues|raises] [red|highest] heat alert",
        "{country} heatwave [strains|pushes] power grid [to the limit|as demand soars]",
      ],
      texts: ["The weather service raised its highest heat alert for much of {country_the}."],
    },
    {
      at: [24, 60],
      weight: 2,
      facts: (r) => ({ deaths: String(r.int(8, 120)) }),
      headlines: [
        "[Heatwave death toll|Death toll from heatwave] in {country} [rises|climbs] to {deaths}",
        "[Scientists|Researchers] [link|tie] {country} heatwave to climate change",
      ],
      texts: ["Health officials said {deaths} deaths had been linked to the heat in {country_the}."],
    },
  ],
};

const floods: EventKind = {
  id: "floods",
  category: "climate",
  weight: 4,
  scale: 1.1,
  spacing: 24,
  key: "country",
  // Heavy rain in two countries of one region in the same week.
  shared: [],
  twinGap: [-12, 60],
  cast: (c) => ({
    ...c.country("country", (x) => x.hazards.includes("flood")),
    ...c.city("city", "country"),
    ...c.one("river", ["river", "dam", "levee"]),
  }),
  topics: ["the {country} floods", "flooding in {city}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ deaths: String(r.int(3, 30)), displaced: fmtInt(r.int(5, 200) * 1000) }),
      headlines: [
        "[Floods|Flash floods|Flooding] [kill|leave] {deaths} [dead |]in {country}",
        "[Heavy rain|Torrential rain] [floods|swamps] {city}[, thousands flee|]",
        "{displaced} [displaced|forced from homes] as floods hit {country}",
        "{city} [under water|submerged] after [days of rain|record rainfall]",
      ],
      texts: [
        "Floods caused by torrential rain killed at least {deaths} people in {country_the} and forced {displaced} from their homes, officials said on {day}.",
      ],
    },
    {
      at: [6, 20],
      weight: 3,
      facts: (r, s) => ({ deaths: String(num(s.deaths) + r.int(4, 30)) }),
      headlines: [
        "{country} flood death toll [rises|climbs] to {deaths}",
        "{city} residents [evacuated|flee] as {river} [bursts|gives way|overflows]",
        "[Army deployed|Soldiers sent] to help flood victims in {country}",
      ],
      texts: [
        "The toll from the floods in {country_the} rose to {deaths} as a {river} gave way near {city}.",
      ],
    },
    {
      at: [26, 70],
      weight: 2,
      headlines: [
        "{country} counts [cost|the cost] of floods as [waters recede|floodwaters fall]",
        "[Disease fears|Cholera fears] grow in flood-hit {country}",
        "Floods in {country} [linked to|made worse by] climate change, scientists say",
      ],
      texts: ["As the water receded around {city}, aid agencies warned of disease in crowded shelters."],
    },
  ],
};

export const CLIMATE_KINDS: EventKind[] = [storm, wildfire, heat, floods];
