/**
 * The help overlay through Ink (every key, grouped, from the keymap); its
 * behaviour (? closing it too) and read-only mode over a fake client are
 * help-readonly.test.ts's.
 */
import { describe, expect, test } from 'vitest';
import { BINDINGS } from '../../src/tui/keys.js';
import { commandLineHelp } from '../../src/tui/help.js';
import { dashboardFixture, flat, KEYS, renderDashboard, waitForFrame, waitForPage, waitForText } from './helpers.js';

const fx = dashboardFixture(renderDashboard);
const open = fx.open;

describe('help', () => {
  test('? shows every key and command, a screen each; Esc closes it', async () => {
    // Tall enough for the whole help in one column (the forms and token setup added keys).
    const d = open({ rows: 200, columns: 80 });
    await waitForPage(d, 1);
    d.press('?');
    const frame = await waitForText(d, 'Help · Esc or ? closes');
    const text = flat(frame);
    for (const heading of ['The list (this screen)', 'Everywhere', 'Details', 'Forms (c, e)', 'Token setup'])
      expect(frame).toContain(heading);
    for (const binding of BINDINGS) {
      expect(text, binding.id).toContain(binding.description);
      expect(text, binding.id).toContain(binding.keys.join(' '));
    }
    for (const command of commandLineHelp({ readOnly: false })) expect(text).toContain(command.description);
    d.press(KEYS.escape);
    await waitForFrame(d, (f) => !f.includes('Help · Esc') && f.includes('NAME'), 'the help closed by Esc');
  });
});
