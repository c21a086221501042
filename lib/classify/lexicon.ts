import type { Category } from "../categories";

/** A weight and its comma-separated phrases (a template literal keeps the list compact). */
function cues(weight: number, phrases: string): [number, string[]] {
  return [
    weight,
    phrases
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean),
  ];
}

/**
 * Hand-written cue phrases per category, with a weight (3: decisive on its own, 1: a hint). The training script
 * turns them into model weights through the same tokenizer as headlines. The four categories the training data
 * labels (business, technology, entertainment, health) get only cues that data lacks (it is from 2014); the six
 * others are described by their cues alone. A few cues in other languages cover the most common non-English feeds.
 */
export const LEXICON: Record<Category, Array<[number, string[]]>> = {
  sports: [
    cues(
      3,
      `
      football, soccer, basketball, baseball, nba, nfl, mlb, nhl, wnba, tennis, golf, cricket, rugby,
      formula one, grand prix, olympics, olympic, paralympics, world cup, fifa, uefa, premier league,
      champions league, europa league, la liga, serie a, bundesliga, ligue 1, mls, striker, midfielder,
      defender signs, goalkeeper, quarterback, touchdown, wimbledon, super bowl, innings, wicket, ipl, t20,
      test match, boxing, ufc, heavyweight, medal, relegation, hat-trick, hat trick, playoffs, playoff,
      semifinal, semi-final, quarterfinal, grand slam, pga, masters, tour de france, cycling, athletics,
      sprinter, marathon, nascar, motogp, f1, fútbol, fußball, calcio, liga, transfer window, head coach,
      manager sacked, derby, fixture, kickoff, match report, scoreline, transfer bid, transfer fee,
      winger, cup final, league title, title race, relegated, promoted, clean sheet, penalty shootout,
      extra time, stoppage time, knockout stage, group stage, qualifier, world record, gold medal, podium,
      fc, rovers, wanderers, albion, hotspur, harriers, mariners
      `,
    ),
    cues(
      1,
      `
      coach, league, season, tournament, championship, match, club, team, player, beat, win, title, cup,
      game, stadium, fans, draw, injury, transfer, scored, goals
      `,
    ),
  ],
  politics: [
    cues(
      3,
      `
      election, elections, voters, ballot, referendum, campaign trail, senate, senator, congress,
      congressman, congresswoman, house speaker, parliament, lawmakers, legislation, prime minister,
      cabinet, democrats, republicans, gop, labour party, conservative party, tories, tory, impeachment,
      white house, mayor, polls, opposition leader, coalition government, constituency, mp, mps,
      bill passes, veto, filibuster, supreme court, attorney general, trump, biden, harris, starmer, modi,
      macron, wahl, élection, elecciones, eleição, bundestag, assemblée nationale, no-confidence,
      confidence vote, coalition, snap election, ruling party, cabinet reshuffle,
      opposition, chancellor, polling day, exit poll, manifesto, parliamentary, legislature,
      impeach, governing party, government collapse, head of state
      `,
    ),
    cues(
      1,
      `
      president, minister, government, party, vote, law, bill, policy, administration, political, politics,
      candidate, poll, reform, leader, primary, governor
      `,
    ),
  ],
  world: [
    cues(
      3,
      `
      war, troops, military, airstrike, airstrikes, missile, missiles, ceasefire, hostages, refugees,
      united nations, un security council, nato, embassy, diplomat, diplomats, sanctions, invasion, rebels,
      militants, insurgents, coup, gaza, israel, hamas, hezbollah, ukraine, russia, kremlin, putin,
      zelensky, taiwan, north korea, iran, syria, yemen, sudan, afghanistan, taliban, humanitarian, famine,
      foreign minister, peace talks, tsunami, earthquake, death toll, genocide, west bank, houthi,
      pyongyang, beijing, tehran, guerre, krieg, guerra, volcano, eruption, erupts, hurricane, typhoon,
      cyclone, landslide, evacuated, evacuation, tornado, avalanche, plane crash, crash-lands, crash lands,
      passenger jet, airliner, air crash, gunmen, hostage, kidnapped, blast, bombing, suicide bomber,
      derailment, train crash, ferry, capsizes, capsized, building collapse, rescue workers, rescuers,
      state visit, bilateral, foreign leader, envoy, ambassador, critical minerals,
      treaty, border clash, prisoner swap, asylum, migrant boat
      `,
    ),
    cues(
      1,
      `
      killed, attack, bomb, explosion, protest, protesters, border, migrants, china, eu, summit, flood,
      floods, army, soldiers, strike, crisis, international, foreign
      `,
    ),
  ],
  science: [
    cues(
      3,
      `
      scientists, researchers, nasa, esa, telescope, astronomers, astronaut, astronauts, species, fossil,
      fossils, dinosaur, physics, physicists, quantum, planet, exoplanet, mars, moon, asteroid, comet,
      galaxy, black hole, genome, dna, evolution, archaeologists, archaeology, spacex, rocket, orbit,
      space station, iss, experiment, particle, cern, neuroscience, biologists, study finds, new study,
      journal nature, peer-reviewed, solar system, meteorite, paleontologists, mathematicians
      `,
    ),
    cues(
      1,
      `
      study, research, space, scientific, science, discovery, discovered, satellite, lab, theory, ancient
      `,
    ),
  ],
  climate: [
    cues(
      3,
      `
      climate change, climate, global warming, emissions, carbon, greenhouse gas, greenhouse gases,
      net zero, net-zero, fossil fuels, fossil fuel, renewable, renewables, solar power, wind farm,
      wind power, heatwave, heat wave, wildfire, wildfires, drought, sea level, sea levels, glacier,
      glaciers, deforestation, cop28, cop29, cop30, paris agreement, environmental, biodiversity,
      extreme weather, coal plant, methane, decarbonisation, decarbonization, climat, klima, clima,
      record heat, heat record, swelters, sweltering, scorching, heat dome, temperatures soar, hottest day,
      torrential rain, heavy rain, flash floods, flash flood, monsoon, deluge, downpour, snowstorm, blizzard,
      cold snap, forest fire, bushfire, bush fire, smog, air quality, storm surge, rainfall record, dry spell,
      water shortage, melting ice, ice sheet, weather service, meteorological
      `,
    ),
    cues(
      1,
      `
      environment, pollution, energy transition, warming, hottest, rainfall, flooding, ice, coral,
      conservation, heat, rain, floods, storm, storms, weather, temperatures
      `,
    ),
  ],
  crypto: [
    cues(
      3,
      `
      bitcoin, ethereum, crypto, cryptocurrency, cryptocurrencies, blockchain, stablecoin, stablecoins,
      nft, nfts, binance, coinbase, defi, altcoin, altcoins, dogecoin, solana, xrp, ripple, ether, btc,
      eth, crypto exchange, tether, web3, memecoin, token sale, bitcoin etf, halving, mining pool, satoshi,
      ftx
      `,
    ),
    cues(
      1,
      `
      token, tokens, wallet, coin, coins, exchange hack, digital assets, digital currency
      `,
    ),
  ],
  technology: [
    cues(
      3,
      `
      artificial intelligence, ai, chatbot, openai, chatgpt, generative ai, large language model, llm,
      nvidia, semiconductor, semiconductors, chipmaker, cybersecurity, ransomware, data breach, hackers,
      smartphone, iphone, android, software, startup, startups, robotics, robot, gadget, app store,
      cloud computing, 5g, gemini, copilot, anthropic, deepmind, meta, tiktok, x formerly twitter,
      silicon valley, tech giant, big tech
      `,
    ),
    cues(
      1,
      `
      tech, technology, app, apps, online, internet, digital, device, devices, chip, chips, data, platform,
      users
      `,
    ),
  ],
  business: [
    cues(
      3,
      `
      stocks, shares, earnings, quarterly profit, revenue, ipo, merger, acquisition, inflation,
      interest rates, central bank, federal reserve, gdp, recession, tariffs, wall street, ftse, dow jones,
      nasdaq, s&p 500, bond yields
      `,
    ),
    cues(
      1,
      `
      economy, economic, market, markets, profit, prices, jobs, trade, investors, company, ceo, bank, deal
      `,
    ),
  ],
  entertainment: [
    cues(
      3,
      `
      box office, netflix, streaming series, album, grammy, grammys, oscars, oscar, emmy, emmys, hollywood,
      celebrity, actor, actress, singer, rapper, film festival, premiere, trailer, sitcom, reality show,
      k-pop, bollywood, cinéma, kino
      `,
    ),
    cues(
      1,
      `
      film, movie, music, concert, tour, show, series, star, tv, television, festival, song, book
      `,
    ),
  ],
  health: [
    cues(
      3,
      `
      covid, covid-19, coronavirus, pandemic, vaccine, vaccines, vaccination, nhs, hospital, hospitals,
      patients, cancer, diabetes, obesity, mental health, fda, cdc, who, measles, mpox, bird flu, h5n1,
      dementia, alzheimer, surgery, clinical trial, public health
      `,
    ),
    cues(
      1,
      `
      health, disease, virus, doctors, nurses, drug, drugs, treatment, medical, outbreak, infection, care,
      diet
      `,
    ),
  ],
};
