import { describe, expect, it } from 'vitest';
import { expiryClause, loggedInSentence } from '../../src/config/tokenSetup.js';

const now = new Date('2026-11-24T19:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('when the token ends, said as the user needs it', () => {
  it.each([
    [25_000, 'the token expires in 25 seconds, so slotui will soon ask for a new one'],
    [1_000, 'the token expires in 1 second, so slotui will soon ask for a new one'],
    [500, 'the token expires in 1 second, so slotui will soon ask for a new one'],
    [60_000, 'the token expires in 1 minute, so slotui will soon ask for a new one'],
    [59 * 60_000 + 59_000, 'the token expires in 59 minutes, so slotui will soon ask for a new one'],
    [3 * 3_600_000 + 5 * 60_000, 'the token expires in 3 hours, so slotui will soon ask for a new one'],
    [86_400_000 - 1, 'the token expires in 23 hours, so slotui will soon ask for a new one'],
    [86_400_000, 'the token expires on 2026-11-25'],
    [40 * 86_400_000, 'the token expires on 2027-01-03'],
  ])('%i ms left: %s', (left, clause) => {
    expect(expiryClause(later(left), now)).toBe(clause);
  });

  it('a token without an expiry says so', () => {
    expect(expiryClause(undefined, now)).toBe('the token carries no expiry date');
  });

  it('the logged-in sentence carries the clause', () => {
    expect(loggedInSentence({ host: 'slo.example.com', profile: 'prod', expiresAt: later(25_000) }, now)).toBe(
      'Logged in to slo.example.com as an unnamed user (profile prod); the token expires in 25 seconds, so slotui will soon ask for a new one.',
    );
  });
});
