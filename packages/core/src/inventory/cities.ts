import { CITY_ROWS } from './cities-data';

/** A city of the checked-in list (India's largest by population, GeoNames): the only values `city` takes. */
export interface IndianCity {
  /** Display name ("Pune"). */
  name: string;
  /** The state's or union territory's full name ("Maharashtra"). */
  state: string;
  lat: number;
  lng: number;
  population: number;
}

export const INDIAN_CITIES: readonly IndianCity[] = CITY_ROWS.map(([name, state, lat, lng, population]) => ({
  name,
  state,
  lat,
  lng,
  population,
}));

/** Other names people write for a listed city (old names, spellings), lowercased. */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  bangalore: 'Bengaluru',
  bombay: 'Mumbai',
  madras: 'Chennai',
  calcutta: 'Kolkata',
  gurgaon: 'Gurugram',
  poona: 'Pune',
  baroda: 'Vadodara',
  mysore: 'Mysuru',
  mangalore: 'Mangaluru',
  cochin: 'Kochi',
  ernakulam: 'Kochi',
  trivandrum: 'Thiruvananthapuram',
  calicut: 'Kozhikode',
  allahabad: 'Prayagraj',
  benares: 'Varanasi',
  banaras: 'Varanasi',
  vizag: 'Visakhapatnam',
  pondicherry: 'Puducherry',
  trichy: 'Tiruchirappalli',
  hubli: 'Hubballi',
  belgaum: 'Belagavi',
  gulbarga: 'Kalaburagi',
  'navi-mumbai': 'Navi Mumbai',
  'new delhi': 'New Delhi',
  ncr: 'Delhi',
  secunderabad: 'Secunderabad',
  cyberabad: 'Hyderabad',
  dehra: 'Dehradun',
  'dehra dun': 'Dehradun',
  howrah: 'Howrah',
  bhubaneshwar: 'Bhubaneswar',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const byName = new Map<string, IndianCity[]>();
for (const city of INDIAN_CITIES) {
  const key = fold(city.name);
  byName.set(key, [...(byName.get(key) ?? []), city]);
}
for (const list of byName.values()) list.sort((a, b) => b.population - a.population);

/** "Pune, Maharashtra". */
export function cityLabel(city: Pick<IndianCity, 'name' | 'state'>): string {
  return `${city.name}, ${city.state}`;
}

/**
 * The listed city of that name (any case or accents; an alias such as "Bangalore" works too), in `state` when
 * given; without a state a name two states share ("Aurangabad") gives the more populous. Null when not listed.
 */
export function findCity(name: string, state?: string | null): IndianCity | null {
  const key = fold(name);
  const canonical = CITY_ALIASES[key] ? fold(CITY_ALIASES[key]) : key;
  const matches = byName.get(canonical) ?? [];
  if (state) return matches.find((c) => fold(c.state) === fold(state)) ?? null;
  return matches[0] ?? null;
}

/** Whether more than one state has a listed city of this name (then the state must be given). */
export function isAmbiguousCity(name: string): boolean {
  return (byName.get(fold(name))?.length ?? 0) > 1;
}

/**
 * The listed city a free-text location names ("Andheri East, Mumbai" → Mumbai; "near Bangalore airport" →
 * Bengaluru), preferring a city whose state the text also names, then the most populous; null when none does.
 */
export function cityFromText(text: string): IndianCity | null {
  const words = ` ${fold(text)} `;
  let best: IndianCity | null = null;
  let bestScore = -1;
  const consider = (city: IndianCity) => {
    const score = (words.includes(` ${fold(city.state)} `) ? 1e9 : 0) + city.population;
    if (score > bestScore) {
      best = city;
      bestScore = score;
    }
  };
  for (const [key, list] of byName) if (words.includes(` ${key} `)) for (const city of list) consider(city);
  for (const [alias, name] of Object.entries(CITY_ALIASES))
    if (words.includes(` ${fold(alias)} `)) for (const city of byName.get(fold(name)) ?? []) consider(city);
  return best;
}

/** Cities whose name starts with (then contains) the text, most populous first: the city field's suggestions. */
export function searchCities(text: string, limit = 10): IndianCity[] {
  const q = fold(text);
  if (!q) return [...INDIAN_CITIES].sort((a, b) => b.population - a.population).slice(0, limit);
  // Other names count too: "ban" suggests Bengaluru (Bangalore).
  const aliased = new Set(
    Object.entries(CITY_ALIASES)
      .filter(([alias]) => fold(alias).startsWith(q))
      .map(([, name]) => fold(name)),
  );
  const scored = INDIAN_CITIES.map((city) => {
    const name = fold(city.name);
    const rank = name.startsWith(q) || aliased.has(name) ? 1 : name.includes(q) ? 2 : 3;
    return { city, rank };
  }).filter((s) => s.rank < 3);
  scored.sort((a, b) => a.rank - b.rank || b.city.population - a.city.population);
  return scored.slice(0, limit).map((s) => s.city);
}

/** States and union territories that have a listed city, alphabetically. */
export const INDIAN_STATES: readonly string[] = [...new Set(INDIAN_CITIES.map((c) => c.state))].sort();
