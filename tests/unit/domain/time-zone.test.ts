import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, isTimeZone, timeZoneNames, timeZoneOffsetLabel } from '../../../src/domain/time-zone';

describe('time zones', () => {
  it('takes IANA names in their canonical spelling, and refuses offsets, legacy words and anything else', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone(' america/new_york ')).toBe('America/New_York');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).not.toBeNull();
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of ['', 'Mars/Olympus_Mons', '+05:00', 'EST', 'GMT', 'America/New_York/', '../etc/passwd', `Europe/${'x'.repeat(80)}`]) {
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });

  it('labels a zone with its offset at a given time, daylight saving included', () => {
    expect(timeZoneOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC−05:00');
    expect(timeZoneOffsetLabel('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('UTC−04:00');
    expect(timeZoneOffsetLabel('Asia/Tokyo', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+09:00');
    expect(timeZoneOffsetLabel('UTC')).toBe('UTC+00:00');
  });

  it('lists every zone the runtime knows, UTC first, each one valid', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('America/New_York');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(isTimeZone(name), name).toBe(true);
  });
});
