// Organisations that recur in the news: international bodies, governments' institutions, parties, companies, media.
// One row per organisation:  name | subcategory | wikidata | wikipedia title ("=" same as name) | description | aliases
// An empty id or title means we did not confirm it.
export const ORGANISATION_TABLE = `
United Nations|government_body|Q1065|=|Intergovernmental organisation of 193 member states, founded in 1945.|UN;U.N.
United Nations Security Council|government_body|Q37470|=|UN organ responsible for international peace and security.|UN Security Council;U.N. Security Council;Security Council;UNSC
United Nations General Assembly|government_body|Q47423|=|The UN's main deliberative body, in which every member state votes.|UN General Assembly;U.N. General Assembly;General Assembly
UNHCR|ngo|Q132551|=|UN refugee agency.|United Nations High Commissioner for Refugees;UN refugee agency
UNRWA|ngo|Q846656||UN agency for Palestine refugees.|
UNICEF|ngo|Q740308|=|UN agency for children.|
UNESCO|government_body|Q7809|=|UN agency for education, science and culture.|
World Food Programme|ngo|Q204344|=|UN food-assistance agency.|WFP
World Health Organization|government_body|Q7817|=|UN agency for international public health.|WHO;World Health Organisation
International Monetary Fund|government_body|Q7804|=|Global lender and monitor of the international monetary system.|IMF
World Bank|government_body|Q7164|=|International lender for development projects.|
World Trade Organization|government_body|Q7825|=|Body that sets and arbitrates international trade rules.|WTO;World Trade Organisation
International Atomic Energy Agency|government_body|Q41984|=|UN-linked nuclear watchdog.|IAEA
International Court of Justice|government_body|Q7801|=|Principal court of the UN, in The Hague.|ICJ;World Court
International Criminal Court|government_body|Q47488|=|Court that tries genocide, war crimes and crimes against humanity.|ICC
NATO|government_body|Q7184|=|North Atlantic military alliance, founded in 1949.|North Atlantic Treaty Organization;North Atlantic Treaty Organisation;Nato
European Commission|government_body|Q8880|=|Executive branch of the European Union.|EU Commission
European Parliament|government_body|Q8889|=|Directly elected legislature of the European Union.|EU Parliament
European Council|government_body|Q8886|=|Body of the EU heads of state or government.|
Council of the European Union|government_body|Q8896|=|EU legislative body of national ministers.|
European Central Bank|government_body|Q8901|=|Central bank of the euro area.|ECB
European Court of Justice|government_body|Q1518827|=|Highest court of the European Union.|ECJ
Council of Europe|government_body|Q8908|=|Pan-European human-rights organisation (not an EU body).|
OECD|government_body|Q41550|=|Organisation of mostly high-income economies for policy co-ordination.|Organisation for Economic Co-operation and Development
OSCE|government_body|Q81299|=|Regional security organisation spanning Europe, Central Asia and North America.|Organization for Security and Co-operation in Europe
OPEC|government_body|Q7795|=|Cartel of oil-exporting countries.|Organization of the Petroleum Exporting Countries;OPEC+
Interpol|government_body|Q8475|=|International police co-operation organisation.|INTERPOL
African Union|government_body|Q7159|=|Union of the 55 African states.|AU
Arab League|government_body|Q7172|=|Organisation of Arab states.|League of Arab States
Gulf Cooperation Council|government_body|Q217172|=|Political and economic union of six Gulf monarchies.|GCC
Organization of American States|government_body|Q123759|=|Regional organisation of the states of the Americas.|OAS
ASEAN|government_body||=|Association of ten Southeast Asian states.|Association of Southeast Asian Nations
G7|government_body||Group of Seven|Forum of seven large advanced economies.|Group of Seven
G20|government_body||=|Forum of 19 large economies plus the EU and the African Union.|Group of 20;Group of Twenty
BRICS|government_body||=|Bloc of emerging economies founded by Brazil, Russia, India and China.|
CERN|government_body|Q42944|=|European particle-physics laboratory near Geneva.|
European Space Agency|government_body|Q42262|=|Intergovernmental space agency of European states.|ESA
FIFA|ngo|Q253414|=|World governing body of football.|
UEFA|ngo|Q35572|=|Governing body of European football.|
International Olympic Committee|ngo|Q40970|=|Governing body of the Olympic movement.|IOC
International Committee of the Red Cross|ngo||=|Humanitarian organisation that protects victims of armed conflict.|ICRC;Red Cross
Médecins Sans Frontières|ngo||=|Medical humanitarian organisation.|Doctors Without Borders;MSF
Amnesty International|ngo||=|Human-rights organisation.|Amnesty
Human Rights Watch|ngo||=|Human-rights research and advocacy organisation.|HRW
Greenpeace|ngo||=|Environmental campaign group.|
White House|government_body|||Office and residence of the U.S. president; the U.S. administration by metonymy.|
United States Department of Defense|government_body|||U.S. military department.|Pentagon;Department of Defense;Defense Department;DoD;Department of War;War Department
United States Department of State|government_body|||U.S. foreign ministry.|State Department;Department of State
United States Department of the Treasury|government_body|||U.S. finance ministry.|Treasury Department;U.S. Treasury;US Treasury
United States Department of Justice|government_body|||U.S. federal law-enforcement department.|Justice Department;Department of Justice;DOJ
Department of Homeland Security|government_body|||U.S. department for border, immigration and domestic security.|DHS;Homeland Security
FBI|government_body||=|U.S. federal police and domestic intelligence agency.|Federal Bureau of Investigation
CIA|government_body||Central Intelligence Agency|U.S. foreign intelligence agency.|Central Intelligence Agency
Federal Reserve|government_body|Q53536||Central bank of the United States.|Federal Reserve System;Fed
Securities and Exchange Commission|government_body||U.S. Securities and Exchange Commission|U.S. securities-market regulator.|SEC
Food and Drug Administration|government_body||=|U.S. regulator of food, drugs and medical devices.|FDA
Centers for Disease Control and Prevention|government_body||=|U.S. public-health agency.|CDC
Federal Trade Commission|government_body||=|U.S. consumer-protection and competition regulator.|FTC
NASA|government_body||=|U.S. space agency.|National Aeronautics and Space Administration
Supreme Court of the United States|government_body||=|Highest court of the United States.|U.S. Supreme Court;US Supreme Court
United States Congress|government_body||=|Legislature of the United States.|Congress;U.S. Congress;US Congress
United States Senate|government_body||=|Upper house of the U.S. Congress.|U.S. Senate;US Senate
United States House of Representatives|government_body||=|Lower house of the U.S. Congress.|House of Representatives;U.S. House
US Navy|government_body||United States Navy|Naval branch of the U.S. armed forces.|U.S. Navy;United States Navy
Democratic Party|political_party||Democratic Party (United States)|One of the two major U.S. parties.|Democrats
Republican Party|political_party||Republican Party (United States)|One of the two major U.S. parties.|Republicans;GOP
House of Commons|government_body||House of Commons of the United Kingdom|Elected lower house of the UK Parliament.|Commons
House of Lords|government_body||=|Appointed upper house of the UK Parliament.|
Downing Street|government_body|||Office of the UK prime minister, by metonymy.|No 10;Number 10
Bank of England|government_body||=|Central bank of the United Kingdom.|BoE
NHS|government_body||National Health Service|Publicly funded health service of the United Kingdom.|National Health Service
Labour Party|political_party||Labour Party (UK)|Centre-left British party.|Labour
Conservative Party|political_party||Conservative Party (UK)|Centre-right British party.|Conservatives;Tories
Reform UK|political_party||=|Right-wing populist British party.|
Liberal Democrats|political_party||Liberal Democrats (UK)|Centrist British party.|Lib Dems
Scottish National Party|political_party||=|Party for Scottish independence.|SNP
Kremlin|government_body|||Seat of the Russian presidency; the Russian government by metonymy.|
Bundestag|government_body||=|Federal parliament of Germany.|
Christian Democratic Union|political_party||Christian Democratic Union of Germany|Centre-right German party.|CDU
Social Democratic Party of Germany|political_party||=|Centre-left German party.|SPD
Alternative for Germany|political_party||=|Far-right German party.|AfD
National Rally|political_party||=|Far-right French party.|Rassemblement National
Bank of Japan|government_body||=|Central bank of Japan.|BOJ;BoJ
People's Bank of China|government_body||=|Central bank of China.|PBOC
Chinese Communist Party|political_party||=|Ruling party of the People's Republic of China.|Communist Party of China;CCP;CPC
Bharatiya Janata Party|political_party||=|Hindu nationalist party governing India.|BJP
Indian National Congress|political_party||=|Centre-left Indian party.|
African National Congress|political_party||=|South African party, in power since 1994.|ANC
Likud|political_party||=|Right-wing Israeli party.|
Israel Defense Forces|government_body||=|Armed forces of Israel.|IDF
Hamas|||=|Palestinian Islamist group that governed Gaza from 2007.|
Hezbollah|||=|Lebanese Shia political party and armed group.|Hizbollah
Houthis|||=|Yemeni armed movement controlling much of northern Yemen.|Houthi;Ansar Allah
Taliban|||=|Islamist movement ruling Afghanistan since 2021.|
Islamic State|||=|Jihadist group.|ISIS;ISIL
Wagner Group|||=|Russian mercenary organisation.|Wagner
Apple|company|Q312|Apple Inc.|U.S. maker of the iPhone and Mac.|Apple Inc
Microsoft|company|Q2283|=|U.S. software and cloud company.|Microsoft Corp
Alphabet|company||Alphabet Inc.|Parent company of Google.|Alphabet Inc
Google|company|Q95|=|U.S. search and advertising company, part of Alphabet.|
Amazon|company|Q3884|Amazon (company)|U.S. online retailer and cloud provider.|Amazon.com
Amazon Web Services|company||=|Cloud-computing arm of Amazon.|AWS
Meta|company|Q380|Meta Platforms|U.S. owner of Facebook, Instagram and WhatsApp.|Meta Platforms
Facebook|company|Q355|=|Social network owned by Meta.|
Instagram|company|Q209330|=|Photo and video social network owned by Meta.|
WhatsApp|company||=|Messaging service owned by Meta.|
Netflix|company|Q907311|=|U.S. streaming service.|
Tesla|company|Q478214|Tesla, Inc.|U.S. electric-car and energy company.|Tesla Inc;Tesla Motors
SpaceX|company|Q193701|=|U.S. rocket and satellite company.|
xAI|company||=|U.S. artificial-intelligence company founded by Elon Musk.|
OpenAI|company|Q21708200|=|U.S. artificial-intelligence company, maker of ChatGPT.|
Anthropic|company||=|U.S. artificial-intelligence company.|
Nvidia|company|Q182477|=|U.S. maker of graphics and AI chips.|NVIDIA
Intel|company||=|U.S. chipmaker.|
AMD|company||=|U.S. chipmaker.|Advanced Micro Devices
Qualcomm|company||=|U.S. mobile-chip designer.|
TSMC|company||=|Taiwanese contract chipmaker.|Taiwan Semiconductor Manufacturing Company;Taiwan Semiconductor
Samsung Electronics|company||=|South Korean electronics and chip maker.|Samsung
SK Hynix|company||=|South Korean memory-chip maker.|
Sony|company||=|Japanese electronics and entertainment group.|
Huawei|company||=|Chinese telecoms-equipment and phone maker.|
Xiaomi|company||=|Chinese phone and electronics maker.|
Alibaba|company||Alibaba Group|Chinese e-commerce and cloud group.|Alibaba Group
Tencent|company||=|Chinese internet and gaming group.|
ByteDance|company||=|Chinese owner of TikTok.|
TikTok|company||=|Short-video app owned by ByteDance.|
Baidu|company||=|Chinese search and AI company.|
BYD|company||BYD Company|Chinese electric-car and battery maker.|
Foxconn|company||=|Taiwanese electronics manufacturer.|Hon Hai
ASML|company||=|Dutch maker of chipmaking machines.|
SAP|company||=|German business-software company.|
Siemens|company||=|German industrial group.|
Toyota|company||Toyota|Japanese carmaker.|Toyota Motor
Volkswagen|company||Volkswagen Group|German carmaker.|VW;Volkswagen Group
BMW|company||=|German carmaker.|
Mercedes-Benz|company||Mercedes-Benz Group|German carmaker.|Mercedes-Benz Group;Mercedes
Stellantis|company||=|Franco-Italian-American carmaker.|
General Motors|company||=|U.S. carmaker.|GM
Ford|company||Ford Motor Company|U.S. carmaker.|Ford Motor;Ford Motor Company
Boeing|company||=|U.S. aircraft and defence manufacturer.|
Airbus|company||=|European aircraft manufacturer.|
Lockheed Martin|company||=|U.S. defence contractor.|
RTX|company||RTX Corporation|U.S. aerospace and defence group.|Raytheon
General Electric|company||=|U.S. industrial group.|GE
ExxonMobil|company||=|U.S. oil and gas company.|Exxon Mobil;Exxon
Chevron|company||Chevron Corporation|U.S. oil and gas company.|
Shell|company||Shell plc|British oil and gas company.|
BP|company||=|British oil and gas company.|
TotalEnergies|company||=|French oil and gas company.|
Saudi Aramco|company||=|Saudi state oil company.|Aramco
Gazprom|company||=|Russian state gas company.|
Rosneft|company||=|Russian state oil company.|
Glencore|company||=|Swiss commodities trader and miner.|
JPMorgan Chase|company||=|Largest U.S. bank.|JPMorgan;JP Morgan;J.P. Morgan
Goldman Sachs|company||=|U.S. investment bank.|
Morgan Stanley|company||=|U.S. investment bank.|
Bank of America|company||=|U.S. bank.|BofA
Citigroup|company||=|U.S. bank.|Citi
Wells Fargo|company||=|U.S. bank.|
BlackRock|company||=|U.S. asset manager.|
Berkshire Hathaway|company||=|U.S. conglomerate led for decades by Warren Buffett.|
HSBC|company||=|British bank.|
Barclays|company||=|British bank.|
Deutsche Bank|company||=|German bank.|
UBS|company||=|Swiss bank.|
Credit Suisse|company||=|Swiss bank taken over by UBS in 2023.|
Visa|company||Visa Inc.|U.S. card-payments network.|
Mastercard|company||=|U.S. card-payments network.|
PayPal|company||=|U.S. online-payments company.|
Nasdaq|company||=|U.S. stock-exchange operator.|
New York Stock Exchange|company||=|Largest U.S. stock exchange.|NYSE
London Stock Exchange|company||=|British stock exchange.|LSE
Walmart|company||=|U.S. retailer.|Wal-Mart
Costco|company||=|U.S. warehouse retailer.|
Nike|company||=|U.S. sportswear maker.|
Coca-Cola|company||The Coca-Cola Company|U.S. drinks maker.|Coca-Cola Co
PepsiCo|company||=|U.S. food and drinks maker.|
McDonald's|company||=|U.S. fast-food chain.|
Starbucks|company||=|U.S. coffee chain.|
Walt Disney Company|company||The Walt Disney Company|U.S. entertainment group.|Disney;Walt Disney
Warner Bros. Discovery|company||=|U.S. media group.|
Comcast|company||=|U.S. cable and media group.|
Paramount|company||Paramount Skydance|U.S. media group.|Paramount Global
Uber|company||=|U.S. ride-hailing company.|
Airbnb|company||=|U.S. short-term-rental platform.|
Spotify|company|Q689141|=|Swedish music-streaming service.|
Reddit|company|Q1136|=|U.S. online forum site.|
Twitter|company||=|Social network renamed X in 2023.|
Oracle|company||Oracle Corporation|U.S. database and cloud company.|
IBM|company||=|U.S. computing company.|
Salesforce|company||=|U.S. business-software company.|
Adobe|company||=|U.S. creative-software company.|
Palantir|company||Palantir Technologies|U.S. data-analytics company.|Palantir Technologies
Arm|company||Arm Holdings|British chip designer.|Arm Holdings
Pfizer|company||=|U.S. drugmaker.|
Moderna|company||=|U.S. biotechnology company.|
Johnson & Johnson|company||=|U.S. healthcare group.|J&J
Eli Lilly|company||Eli Lilly and Company|U.S. drugmaker.|Lilly
Novo Nordisk|company||=|Danish drugmaker.|
AstraZeneca|company||=|British-Swedish drugmaker.|
Novartis|company||=|Swiss drugmaker.|
Roche|company||=|Swiss drugmaker.|
Nestlé|company||=|Swiss food group.|Nestle
Maersk|company||=|Danish shipping group.|A.P. Moller-Maersk
FedEx|company||=|U.S. parcel-delivery company.|
UPS|company||United Parcel Service|U.S. parcel-delivery company.|United Parcel Service
Delta Air Lines|company||=|U.S. airline.|
American Airlines|company||=|U.S. airline.|
United Airlines|company||=|U.S. airline.|
Ryanair|company||=|Irish low-cost airline.|
Lufthansa|company||=|German airline group.|
Real Madrid|company||Real Madrid CF|Spanish football club.|
Manchester United|company||Manchester United F.C.|English football club.|Man United
Bayern Munich|company||FC Bayern Munich|German football club.|
Reuters|media|Q130879|=|International news agency.|
Associated Press|media||=|U.S. news agency.|AP
Agence France-Presse|media||=|French news agency.|AFP
Bloomberg News|media||=|Financial news service.|Bloomberg
BBC|media|Q9531|=|British public broadcaster.|British Broadcasting Corporation
CNN|media||=|U.S. news channel.|
Fox News|media||=|U.S. news channel.|
CNBC|media||=|U.S. business news channel.|
NBC News|media||=|U.S. news division of NBC.|
CBS News|media||=|U.S. news division of CBS.|
ABC News|media||=|U.S. news division of ABC.|
The New York Times|media||=|U.S. newspaper.|New York Times;NYT
The Washington Post|media||=|U.S. newspaper.|Washington Post
The Wall Street Journal|media||=|U.S. business newspaper.|Wall Street Journal;WSJ
Financial Times|media||=|British business newspaper.|FT
The Guardian|media||=|British newspaper.|Guardian
The Economist|media||=|British weekly.|Economist
Al Jazeera|media||=|Qatari news network.|
Politico|media||=|Political news outlet.|
Axios|media||=|U.S. news site.|
Sky News|media||=|British news channel.|
Le Monde|media||=|French newspaper.|
Der Spiegel|media||=|German news weekly.|Spiegel
Xinhua|media||Xinhua News Agency|Chinese state news agency.|Xinhua News Agency
TASS|media||=|Russian state news agency.|
`;
