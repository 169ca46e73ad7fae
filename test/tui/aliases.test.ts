/**
 * The command line's aliases: settings.yaml's words for command lines and the
 * built-in `:ctx`, expanded once; `:slos /checkout` as the line an alias
 * stands for; and through the dashboard driver an alias run and a reload.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { REGISTRY } from '../../src/presentation/resources.js';
import { aliasesFrom, expandAlias } from '../../src/tui/aliases.js';
import { parseCommand } from '../../src/tui/commands.js';
import { UserSettingsStore } from '../../src/tui/state/userSettings.js';
import { disposeDrivers, drive, type Driver } from './driver.js';

afterEach(disposeDrivers);

describe('aliases', () => {
  test('a word of the file and :ctx expand to their lines, with what followed', () => {
    const { aliases, problems } = aliasesFrom({ tier1: 'slos /checkout', Team: 'agreements' }, REGISTRY);
    expect(problems).toEqual([]);
    expect(expandAlias(':tier1', aliases)).toBe('slos /checkout');
    expect(expandAlias('team', aliases)).toBe('agreements');
    expect(expandAlias('ctx prod', aliases)).toBe('profile prod');
    expect(expandAlias('slos', aliases)).toBe('slos');
  });

  test('an alias that would hide a command, or stand for another alias, is a problem and not used', () => {
    const { aliases, problems } = aliasesFrom({ slos: 'orgs', quick: 'tier1', tier1: 'slos /x', c: 'ctx' }, REGISTRY);
    expect(problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'aliases.slos: :slos is a command of slotui; choose another word.',
      'aliases.quick: "tier1" starts with the alias tier1: an alias stands for a command line, not for another alias.',
      'aliases.c: "ctx" starts with the alias ctx: an alias stands for a command line, not for another alias.',
    ]);
    expect(Object.keys(aliases).sort()).toEqual(['ctx', 'tier1']);
  });

  test('an alias whose line starts with no command is a problem and not used; a word that takes what follows it is fine', () => {
    const { aliases, problems } = aliasesFrom(
      { t1: 'nonsense /x', t2: 'sloz /checkout', t3: '/checkout', o: 'slo', x: 'export', agr1: 'agr agr-000001' },
      REGISTRY,
    );
    expect(problems.map((p) => `${p.path.join('.')}: ${p.message}`)).toEqual([
      'aliases.t1: "nonsense /x" starts with nonsense, which is no command of slotui: an alias stands for a command line, as "slos /checkout".',
      'aliases.t2: "sloz /checkout" starts with sloz, which is no command of slotui (did you mean slo?): an alias stands for a command line, as "slos /checkout".',
      'aliases.t3: "/checkout" starts with /checkout, which is no command of slotui: an alias stands for a command line, as "slos /checkout".',
    ]);
    expect(Object.keys(aliases).sort()).toEqual(['agr1', 'ctx', 'o', 'x']);
  });

  test(':slos /checkout is the SLO list filtered by what follows the slash', () => {
    expect(parseCommand('slos /checkout api')).toEqual({ kind: 'resource', resource: 'slos', filter: 'checkout api' });
    expect(parseCommand('slos')).toEqual({ kind: 'resource', resource: 'slos' });
  });
});

describe('aliases in the dashboard', () => {
  function command(d: Driver, text: string): void {
    d.press('command');
    d.type(text);
    d.press('command-run');
  }

  test(':tier1 opens the SLO list filtered as the file says; a reload brings a new alias', async () => {
    const userSettings = new UserSettingsStore({ aliases: { tier1: 'slos /checkout' } });
    const d = drive({ services: { userSettings } });
    await d.settle();
    command(d, 'tier1');
    await d.settle();
    expect(d.status()).toMatch(/^slos · /);
    expect(d.rows().length).toBeGreaterThan(0);
    for (const row of d.rows()) expect(row.toLowerCase()).toContain('checkout');
    userSettings.reload({
      loaded: { file: 'settings.yaml', exists: true, settings: { aliases: { deals: 'agreements' } }, problems: [] },
    });
    command(d, 'deals');
    await d.settle();
    expect(d.status()).toMatch(/^agreements · /);
  });

  test("an alias's problem is said with the file's text made safe: no escape sequence reaches the terminal", async () => {
    const userSettings = new UserSettingsStore({ aliases: { t1: '\u001b]52;c;aGk=\u0007\u001b[2Jnope' } });
    const d = drive({ services: { userSettings } });
    await d.settle();
    const shown = d.message();
    expect(shown).toContain('starts with');
    expect(shown).toContain('nope');
    expect([...shown].filter((c) => c < ' ' || (c >= '\u007f' && c <= '\u009f'))).toEqual([]);
  });
});
