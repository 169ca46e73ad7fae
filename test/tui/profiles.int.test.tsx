/**
 * `:profile` on the sandbox with two stored profiles: Tab completes the name,
 * `:profile` alone lists them (fitted to 80x24) and Enter switches.
 */
import { describe, expect, test } from 'vitest';
import { textWidth } from '../../src/text/width.js';
import type { Session } from '../../src/tui/session.js';
import type { ProfileEntry } from '../../src/tui/types.js';
import {
  dashboardFixture,
  KEYS,
  renderDashboard,
  sandboxClient,
  statusLineOf,
  testSettings,
  waitForFrame,
  waitForPage,
  waitForText,
} from './helpers.js';

const fx = dashboardFixture(renderDashboard);

describe(':profile on the sandbox', () => {
  test('Tab completes a stored name; :profile alone lists them and Enter switches', async () => {
    const stored: ProfileEntry[] = [
      { name: 'default', baseUrl: fx.sandbox.baseUrl },
      { name: 'staging', baseUrl: fx.sandbox.baseUrl },
    ];
    const opened: string[] = [];
    const d = fx.open({
      columns: 80,
      rows: 24,
      listProfiles: () => stored,
      openProfile: async (name): Promise<Session> => {
        opened.push(name);
        return { client: sandboxClient(fx.sandbox), settings: testSettings({ profileName: name }) };
      },
    });
    await waitForPage(d, 1);

    d.press(':');
    d.type('profile st');
    d.press(KEYS.tab);
    await waitForFrame(d, (f) => f.split('\n').some((l) => l.startsWith(':profile staging')), 'the completed name');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.split('\n').some((l) => l.startsWith(':profile')), 'the command line closed');

    d.press(':');
    d.type('profile');
    d.press(KEYS.enter);
    let frame = await waitForText(d, 'Profiles (2)', '› * default', 'staging');
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(80);
    const host = new URL(fx.sandbox.baseUrl).host;
    expect(lines.find((l) => l.includes('staging'))).toContain(host);
    expect(frame).toContain('Enter switch');

    d.press(KEYS.down);
    await waitForText(d, '›   staging');
    d.press(KEYS.up);
    await waitForText(d, '› * default');
    d.type('stag');
    await waitForText(d, 'search: stag', '1 match', '›   staging');
    d.press(KEYS.enter);
    frame = await waitForFrame(d, (f) => statusLineOf(f).includes('profile staging'), 'the staging profile');
    expect(frame).toContain('slotui · profile staging');
    expect(opened).toEqual(['staging']);

    d.press(':');
    d.type('profile');
    d.press(KEYS.enter);
    await waitForText(d, '› * staging');
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('Profiles (2)') && statusLineOf(f) !== '', 'back on the list');
    expect(opened).toEqual(['staging']);
  });
});
