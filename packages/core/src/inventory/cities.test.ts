import { describe, expect, it } from 'vitest';
import {
  cityFromText,
  findCity,
  INDIAN_CITIES,
  INDIAN_STATES,
  isAmbiguousCity,
  searchCities,
} from './cities';

describe('the checked-in city list', () => {
  it('holds at least the 500 largest cities, each with a state and coordinates inside India', () => {
    expect(INDIAN_CITIES.length).toBeGreaterThanOrEqual(500);
    for (const city of INDIAN_CITIES) {
      expect(city.state.length).toBeGreaterThan(2);
      expect(city.lat).toBeGreaterThan(6);
      expect(city.lat).toBeLessThan(37);
      expect(city.lng).toBeGreaterThan(68);
      expect(city.lng).toBeLessThan(98);
    }
    for (const name of [
      'Mumbai',
      'Delhi',
      'Bengaluru',
      'Hyderabad',
      'Chennai',
      'Kolkata',
      'Pune',
      'Ahmedabad',
      'Jaipur',
      'Lucknow',
      'Indore',
      'Kochi',
    ])
      expect(findCity(name), name).not.toBeNull();
    expect(INDIAN_STATES).toContain('Maharashtra');
  });

  it('finds cities by any case, accents or other names, in the given state', () => {
    expect(findCity('PUNE')).toMatchObject({ name: 'Pune', state: 'Maharashtra' });
    expect(findCity('bombay')?.name).toBe('Mumbai');
    expect(findCity('Aurangabad', 'bihar')?.state).toBe('Bihar');
    expect(findCity('Pune', 'Kerala')).toBeNull();
    expect(isAmbiguousCity('Aurangabad')).toBe(true);
    expect(isAmbiguousCity('Pune')).toBe(false);
  });

  it('reads a city out of free text, preferring one whose state the text names', () => {
    expect(cityFromText('Shop 4, Linking Road, Bandra, Mumbai 400050')?.name).toBe('Mumbai');
    expect(cityFromText('Aurangabad (Bihar)')?.state).toBe('Bihar');
    expect(cityFromText('Pan India')).toBeNull();
  });

  it('suggests cities that start with the text first, most populous first', () => {
    expect(searchCities('ban')[0]?.name).toBe('Bengaluru');
    expect(searchCities('nag').map((c) => c.name)).toContain('Nagpur');
  });
});
