import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format/french.js';
import {
  addDays,
  localDate,
  localYear,
  shopTimeZone,
  startOfLocalDayUtc,
} from './format/time-zone.js';
import { COUNTRY_CODES } from './schemas/countries.js';

describe('shopTimeZone', () => {
  it('donne le fuseau du pays de la boutique', () => {
    expect(shopTimeZone('SN')).toBe('Africa/Dakar');
    expect(shopTimeZone('CI')).toBe('Africa/Abidjan');
    expect(shopTimeZone('CD')).toBe('Africa/Kinshasa');
    expect(shopTimeZone('FR')).toBe('Europe/Paris');
    expect(shopTimeZone('RE')).toBe('Indian/Reunion');
    expect(shopTimeZone('GP')).toBe('America/Guadeloupe');
    expect(shopTimeZone('NC')).toBe('Pacific/Noumea');
    expect(shopTimeZone('PF')).toBe('Pacific/Tahiti');
    expect(shopTimeZone('CA')).toBe('America/Toronto');
    expect(shopTimeZone('US')).toBe('America/New_York');
    expect(shopTimeZone('GB')).toBe('Europe/London');
    expect(shopTimeZone('be')).toBe('Europe/Brussels');
  });
  it('Paris quand le pays est inconnu ou absent', () => {
    expect(shopTimeZone(null)).toBe('Europe/Paris');
    expect(shopTimeZone(undefined)).toBe('Europe/Paris');
    expect(shopTimeZone('')).toBe('Europe/Paris');
    expect(shopTimeZone('ZZ')).toBe('Europe/Paris');
  });
  it('chaque pays proposé a un fuseau que le moteur connaît', () => {
    for (const code of COUNTRY_CODES) {
      const zone = shopTimeZone(code);
      expect(() => new Intl.DateTimeFormat('fr-FR', { timeZone: zone }), code).not.toThrow();
      if (code !== 'FR' && code !== 'MC') expect(zone, code).not.toBe('Europe/Paris');
    }
  });
});

describe('jour et année locaux', () => {
  it('Paris en été (UTC+2) et en hiver (UTC+1)', () => {
    expect(localDate(new Date('2026-07-14T21:59:00Z'), 'Europe/Paris')).toBe('2026-07-14');
    expect(localDate(new Date('2026-07-14T22:00:00Z'), 'Europe/Paris')).toBe('2026-07-15');
    expect(localDate(new Date('2026-01-14T22:59:00Z'), 'Europe/Paris')).toBe('2026-01-14');
    expect(localDate(new Date('2026-01-14T23:00:00Z'), 'Europe/Paris')).toBe('2026-01-15');
  });
  it('le 31 décembre à 23 h 30 UTC : 2027 à Paris, 2026 à Dakar, 2027 à La Réunion, 2026 à New York', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(localYear(instant, 'Europe/Paris')).toBe(2027);
    expect(localYear(instant, 'Africa/Dakar')).toBe(2026);
    expect(localYear(instant, 'Indian/Reunion')).toBe(2027);
    expect(localYear(instant, 'America/New_York')).toBe(2026);
    expect(localDate(instant, 'Africa/Dakar')).toBe('2026-12-31');
    expect(localDate(new Date('2026-12-31T20:00:00Z'), 'Indian/Reunion')).toBe('2027-01-01');
    expect(localDate(new Date('2027-01-01T04:59:00Z'), 'America/New_York')).toBe('2026-12-31');
    expect(formatDateTime(instant, 'Africa/Dakar')).toBe('31/12/2026 23:30');
    expect(formatDateTime(instant, 'Europe/Paris')).toBe('01/01/2027 00:30');
  });
  it('addDays passe les fins de mois et d’année', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('startOfLocalDayUtc', () => {
  it('Paris : minuit local en hiver et en été', () => {
    expect(startOfLocalDayUtc('2026-01-15', 'Europe/Paris')).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDayUtc('2026-07-15', 'Europe/Paris')).toBe('2026-07-14T22:00:00.000Z');
  });
  it('Paris, jours de changement d’heure (29 mars et 25 octobre 2026)', () => {
    expect(startOfLocalDayUtc('2026-03-29', 'Europe/Paris')).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDayUtc('2026-03-30', 'Europe/Paris')).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDayUtc('2026-10-25', 'Europe/Paris')).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfLocalDayUtc('2026-10-26', 'Europe/Paris')).toBe('2026-10-25T23:00:00.000Z');
  });
  it('Dakar (UTC+0), La Réunion (UTC+4), New York (UTC−5/−4)', () => {
    expect(startOfLocalDayUtc('2026-12-31', 'Africa/Dakar')).toBe('2026-12-31T00:00:00.000Z');
    expect(startOfLocalDayUtc('2026-07-01', 'Africa/Dakar')).toBe('2026-07-01T00:00:00.000Z');
    expect(startOfLocalDayUtc('2027-01-01', 'Indian/Reunion')).toBe('2026-12-31T20:00:00.000Z');
    expect(startOfLocalDayUtc('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfLocalDayUtc('2026-07-15', 'America/New_York')).toBe('2026-07-15T04:00:00.000Z');
    expect(startOfLocalDayUtc('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDayUtc('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
  });
  it('un changement d’heure à minuit : le jour commence au changement', () => {
    // Santiago passes from UTC−4 to UTC−3 at 00:00 on 6 September 2026: 00:00 does not exist.
    expect(startOfLocalDayUtc('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(new Date('2026-09-06T03:59:59Z'), 'America/Santiago')).toBe('2026-09-05');
  });
  it('s’accorde avec localDate sur une année, heure par heure', () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'Africa/Dakar', 'Indian/Reunion']) {
      for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
        const start = new Date(startOfLocalDayUtc(day, zone)).getTime();
        expect(localDate(new Date(start), zone), `${zone} ${day}`).toBe(day);
        expect(localDate(new Date(start - 1000), zone), `${zone} ${day}`).toBe(addDays(day, -1));
      }
    }
  });
});
