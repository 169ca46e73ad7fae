/** The status line at 80 columns: the token's expiry warning is whole; the status text gives way. */
import React from 'react';
import { render } from 'ink-testing-library';
import { expect, test } from 'vitest';
import { StatusLine } from '../../src/tui/components/StatusLine.js';

test('the expiry warning is never the part cut at 80 columns', () => {
  const status = {
    text: 'slis · page 12 of 280 · total 5,030 · sorted by NAME ↑ · profile production-eu-west · read 12s ago',
    warning: 'token expires in 3 days (2026-11-27)',
    loading: null,
    failed: false,
  };
  const { lastFrame, unmount } = render(<StatusLine status={status} width={80} />);
  const line = lastFrame()!;
  expect(line).toContain('⚠ token expires in 3 days (2026-11-27)');
  expect(line.startsWith('slis · page 12 of 280')).toBe(true);
  unmount();
});
