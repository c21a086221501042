/**
 * A day of unrelated news, so term statistics look like a running service's (on a nearly
 * empty corpus every word is rare and every headline its own story).
 */
export const BACKGROUND_HEADLINES = [
  "Parliament debates new budget as opposition walks out",
  "Tech giant unveils smartphone with foldable screen",
  "Football club sacks manager after losing streak",
  "Wildfire forces thousands to evacuate in California",
  "Oil prices fall as demand outlook weakens",
  "Scientists discover new species of frog in Amazon",
  "Film festival opens with star-studded premiere",
  "Hospital strike enters third day over pay dispute",
  "Stock markets rally on strong jobs report",
  "Election campaign heats up ahead of televised debate",
  "Heatwave breaks temperature records across Europe",
  "Airline cancels flights as pilots strike",
  "Court rules against government over asylum policy",
  "Crypto exchange hit by major security breach",
  "Space agency delays launch of lunar mission",
  "Tennis star wins third grand slam title",
  "Flooding hits coastal towns after heavy rain",
  "Carmaker recalls vehicles over brake fault",
  "Minister resigns amid expenses scandal",
  "New vaccine shows promise in early trials",
  "Storm batters coast with high winds and rain",
  "Police arrest suspects after bank robbery",
  "Earthquake drill held in schools across the city",
  "Retail sales rise as shoppers return to high streets",
];
