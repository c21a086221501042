/** Invented companies and brands: a root name and a sector that decides its suffix and what it sells. */
export interface SectorSpec {
  id: string;
  /** How headlines describe such a company: "chipmaker", "carmaker". */
  noun: string;
  suffixes: string[];
  products: string[];
}

export const SECTORS: SectorSpec[] = [
  {
    id: "chips",
    noun: "chipmaker",
    suffixes: ["Semiconductor", "Micro", "Silicon"],
    products: ["AI accelerator", "processor", "memory chip"],
  },
  {
    id: "software",
    noun: "software group",
    suffixes: ["Software", "Systems", "Labs"],
    products: ["cloud platform", "AI assistant", "security suite"],
  },
  {
    id: "phones",
    noun: "phone maker",
    suffixes: ["Mobile", "Devices", "Electronics"],
    products: ["smartphone", "foldable phone", "smartwatch"],
  },
  {
    id: "social",
    noun: "social media company",
    suffixes: ["", "Social", "Media"],
    products: ["messaging app", "video app", "social network"],
  },
  {
    id: "cars",
    noun: "carmaker",
    suffixes: ["Motors", "Automotive", "Auto"],
    products: ["electric SUV", "electric saloon", "hybrid pickup"],
  },
  {
    id: "airline",
    noun: "airline",
    suffixes: ["Airways", "Air", "Airlines"],
    products: ["long-haul route", "budget fares", "new fleet"],
  },
  {
    id: "bank",
    noun: "bank",
    suffixes: ["Bank", "Financial", "Capital"],
    products: ["mortgage book", "trading arm", "savings accounts"],
  },
  {
    id: "pharma",
    noun: "drugmaker",
    suffixes: ["Pharma", "Therapeutics", "Biosciences"],
    products: ["obesity drug", "cancer therapy", "Alzheimer's drug"],
  },
  {
    id: "energy",
    noun: "energy group",
    suffixes: ["Energy", "Petroleum", "Power"],
    products: ["offshore field", "LNG terminal", "solar farms"],
  },
  {
    id: "retail",
    noun: "retailer",
    suffixes: ["Stores", "Retail", "Group"],
    products: ["online store", "discount chain", "loyalty scheme"],
  },
  {
    id: "mining",
    noun: "miner",
    suffixes: ["Mining", "Resources", "Metals"],
    products: ["copper mine", "lithium project", "iron ore output"],
  },
  {
    id: "games",
    noun: "games publisher",
    suffixes: ["Games", "Interactive", "Studios"],
    products: ["console game", "mobile game", "game subscription"],
  },
];

export const COMPANY_ROOTS =
  `Norvane Kestrel Halvorsen Bramwell Quorix Velantis Corvina Tessaro Aldermoor Lumora Pyrexa Stratalis
Orbelle Zenthic Marlowe Caldera Vireo Ostrand Heliant Brightwater Solenne Granitas Axiom Redfern Nimbra Talvik Ardent
Cobaltia Everhart Fenwick Junova Kalmar Lyra Meridex Northgate Opaline Pellucid Quillon Rivanta Sablewood Torvald Umbrix
Valecrest Wrenfield Xylo Yarrow Zephyra Ambrose Beacon Crestline Dovetail Emberly Foxhollow Glenmore Harrowgate Ironbark`
    .split(/\s+/)
    .filter(Boolean);
