/** Invented names, mixed across languages so a world of events reads like international news. */
export const FIRST_NAMES =
  `Elena Marco Aisha Tomás Ingrid Kwame Priya Mateo Sofia Yusuf Hana Lars Amara Diego Mei Olumide
Camille Rafael Noor Henrik Lucía Kenji Zara Anton Fatima Sebastián Greta Ravi Nadia Joaquín Chloe Emeka Leila Pavel Ines
Tariq Maren Julien Adaeze Stefan Ximena Hiroshi Rosa Dmitri Amina Felipe Astrid Samuel Farah Nikolai Beatriz Owen Laila
Viktor Yara Caleb Thandiwe Emil Paloma Idris Clara Arjun Martina Gideon Selin Bruno Naledi Oscar Mariam Teodor Valentina
Declan Ayumi Rui Wanjiru Magnus Daniela Hamza Freya Luca Imani Niamh Omar Simone Kofi Renata Jonas Esther Callum Iris`
    .split(/\s+/)
    .filter(Boolean);

export const LAST_NAMES =
  `Vasquez Okafor Lindqvist Moreau Haddad Tanaka Brandt Oyelaran Castellanos Novak Mensah Ferreira
Kowalski Achterberg Quispe Nakamura Delacroix Abara Sorensen Ibáñez Rahimi Petrov Mwangi Caruso Whitlock Anand Bergström
Salazar Dubois Adeyemi Holm Kiriakou Valdés Osei Lindgren Marchetti Yilmaz Castro Eriksen Nwosu Albescu Fontaine Sato
Ramírez Halloran Demir Kagame Ostrowski Laurent Mbeki Varga Ndiaye Rossi Herrera Takeda Kapoor Strand Aguilar Olsen
Mahlangu Bianchi Cardoso Hakimi Lemaire Okonkwo Nyberg Pereira Wojcik Kessler Toure Moreno Fischer Arslan Ibarra Sandoval
Ekwueme Vance Rinaldi Gallagher Pillay Duarte Haugen Molina Sarr Weller Oduya Zanetti Kovač Thorne Escobar Aldana Reyes
Abernathy Baptiste Carvalho Dimitrov Elbaz Falk Garrido Hallberg Iwu Jovanović Kamau Lachance Madsen Nakashima Obi
Paredes Quintero Radu Saavedra Takahashi Ulloa Vermeulen Wachowski Yamamoto Zapata Amari Bondarenko Cisse Dahl Echeverría
Fofana Grünwald Hosseini Ionescu Jensen Kaur Lombardi Mbatha Nieminen Oyelowo Pacheco Rasmussen Sokolova Tshabalala Uchenna
Vidal Wilmot Yadav Zhou Asante Bellamy Cordero Desai Engstrom Fitzgerald Gonzaga Hartmann Iqbal Jaramillo Kruger Lindahl
Mutasa Navarro Ogunleye Petrescu Quaye Rothman Serrano Tamura Urrutia Valentine Whitaker Yeboah Ziegler Achebe Brennan
Cavalcanti Delgado Eze Ferrante Gakuru Holloway Ishikawa Janssen Kovacs Lund Marchand Nkosi Ortega Pajari Rousseau Sundberg`
    .split(/\s+/)
    .filter(Boolean);

/** Real organisations, by the role they play in stories. */
export const ORGS = {
  un: ["the United Nations", "the UN"],
  aid: ["the Red Cross", "UNICEF", "the World Food Programme", "Médecins Sans Frontières"],
  health: ["the World Health Organization", "the WHO"],
  lenders: ["the IMF", "the World Bank"],
  blocs: ["the European Union", "the African Union", "ASEAN", "the G20", "the Commonwealth"],
  spaceAgencies: ["NASA", "the European Space Agency", "JAXA", "ISRO"],
  drugRegulators: ["the FDA", "the European Medicines Agency", "the UK's MHRA"],
  centralBanks: [
    "the Federal Reserve",
    "the European Central Bank",
    "the Bank of England",
    "the Bank of Japan",
    "the Reserve Bank of Australia",
    "the Bank of Canada",
  ],
  techRegulators: [
    "the European Commission",
    "the US Federal Trade Commission",
    "Britain's Competition and Markets Authority",
    "Japan's Fair Trade Commission",
    "South Korea's Fair Trade Commission",
  ],
  cryptoRegulators: [
    "the SEC",
    "the CFTC",
    "Singapore's central bank",
    "the UK's Financial Conduct Authority",
  ],
  sportsBodies: [
    "FIFA",
    "UEFA",
    "the International Olympic Committee",
    "World Athletics",
    "the Court of Arbitration for Sport",
  ],
  universities: [
    "the University of Oxford",
    "MIT",
    "ETH Zurich",
    "the University of Tokyo",
    "the University of Cape Town",
    "Stanford University",
    "the University of São Paulo",
    "the Max Planck Institute",
  ],
};
