/**
 * What the dashboard draws for the view it has now: one frame of the
 * program's view (DashboardView) through Ink, for a driver test
 * (test/tui/driver.ts) that checks words only a screen component writes, or
 * lines that must fit the terminal. One frame, not a session through Ink:
 * Ink's renderer and output as an instance draws a frame, without an
 * instance's terminal bindings or the second render its unmount makes.
 */
import { createElement } from 'react';
import { renderToString } from 'ink';
import { DashboardView } from '../../src/tui/DashboardView.js';
import type { Driver } from './driver.js';

// eslint-disable-next-line no-control-regex
const plain = (frame: string): string => frame.replace(/\u001B\[[0-9;]*m/g, '');

/** The frame drawn now, colours taken out. */
export function drawn(d: Driver): string {
  return plain(renderToString(createElement(DashboardView, { dashboard: d.dashboard }), { columns: d.view().columns }));
}
