/**
 * The dashboard's list screen drawn without Ink: what the first frames show
 * while Ink, React and the layout engine load (about half of the time to a
 * first frame), so the page kept by the last run, or the first page, is on
 * the screen without waiting for them (src/tui/run.ts).
 *
 * It draws the same view model as DashboardView.tsx and its components, cell
 * for cell the same (test/tui/paint.int.test.tsx holds the two to each other over
 * a terminal emulator): the header's two lines, the table, the status line,
 * the message lines and the hints, each cut to the width with an ellipsis as
 * Ink's `truncate-end` does. Colours and styles go through chalk, the library
 * Ink styles its text with, so both pick the same colour depth.
 *
 * What it cannot promise to draw as Ink would, it does not draw (`undefined`):
 * a screen other than the list, an input line, a table's note longer than a line (Ink wraps it),
 * text that is not one cell a character, a layout that does not add up to the
 * terminal's height. Ink then draws the first frame, as before.
 */
import chalk, { foregroundColorNames, type ChalkInstance, type ForegroundColorName } from 'chalk';
import { oneCellEach, truncate } from '../../text/width.js';
import type { DashboardViewModel } from './viewModel.js';
import { fitHints } from './hints.js';
import { badgeStyle, selectionStyle, type Theme } from './theme.js';
import { windowStart } from './window.js';

/** What a run of text is drawn with: the props of Ink's <Text> that the dashboard's lines use. */
interface Style {
  color?: string | undefined;
  backgroundColor?: string | undefined;
  bold?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
}

interface Run {
  text: string;
  style: Style;
}

/** One line of runs, at most `width` cells. */
type Line = Run[];

/** The spinner's first frame (components/Spinner.tsx): what Ink draws before its first tick. */
const SPINNER_FIRST_FRAME = '⠋';

/** Not drawable here: the whole frame is left to Ink. */
class Declined extends Error {}

const CSI = '\u001b[';

/** The escape sequences of a frame of `view`, every line at its place and cleared to its end; undefined when Ink must draw it. */
export function paintDashboard(view: DashboardViewModel): string | undefined {
  let lines: Line[];
  try {
    lines = frameLines(view);
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
  if (lines.length !== view.rows) return undefined;
  let out = '';
  lines.forEach((line, i) => {
    out += `${CSI}${i + 1};1H${line.map(styled).join('')}${CSI}0m${CSI}K`;
  });
  return out;
}

function frameLines(view: DashboardViewModel): Line[] {
  const { columns: width, body } = view;
  if (body.kind !== 'list') throw new Declined();
  if (view.bottom.kind !== 'message') throw new Declined();
  const theme = view.theme;
  const lines: Line[] = [...headerLines(view, width, theme)];

  // The table: its header, then the rows in view, the selected one in the selection's style.
  const bodyLines: Line[] = [[{ text: cut(body.header, width), style: { bold: true, color: theme.header } }]];
  // No rows: the table's note, when it is one line (Ink wraps a longer one).
  if (body.rows.length === 0) {
    if (plain(body.empty).length > width) throw new Declined();
    bodyLines.push([{ text: body.empty, style: { dimColor: true } }]);
  }
  const visible = Math.max(0, view.bodyHeight - 1);
  const start = windowStart(body.selected, body.rows.length, visible);
  body.rows.slice(start, start + visible).forEach((row, i) => {
    const selected = start + i === body.selected;
    bodyLines.push([
      {
        text: cut(row.text, width),
        style: {
          color: row.changed === true && !selected ? theme.changed : undefined,
          ...selectionStyle(theme, selected),
          dimColor: body.dim,
        },
      },
    ]);
  });
  for (let i = 0; i < view.bodyHeight; i++) lines.push(bodyLines[i] ?? []);

  lines.push(statusLine(view, width, theme));
  const { bottom } = view;
  for (const text of bottom.lines)
    lines.push([
      {
        text: cut(text || ' ', width),
        style: {
          color: bottom.tone === 'error' ? theme.error : undefined,
          bold: bottom.tone === 'error',
          dimColor: bottom.tone === 'dim',
        },
      },
    ]);
  const hints: Line = [];
  fitHints(view.hints, width).forEach((hint, i) => {
    if (i > 0) hints.push({ text: '  ', style: {} });
    hints.push({ text: plain(hint.key), style: { bold: true, inverse: true } });
    hints.push({ text: ` ${plain(hint.label)}`, style: {} });
  });
  lines.push(clip(hints, width));
  return lines;
}

/** Who and where, then the resources as tabs (components/Header.tsx). */
function headerLines(view: DashboardViewModel, width: number, theme: Theme): Line[] {
  const { badge, who, tabs } = view.header;
  const first: Line = [];
  if (badge) {
    first.push({ text: ` ${plain(badge.text)} `, style: { bold: true, ...badgeStyle(badge, theme) } });
    first.push({ text: ' ', style: {} });
  }
  const room = Math.max(1, width - (badge ? badge.text.length + 3 : 0));
  first.push({ text: cut(who, room), style: { bold: true } });
  const second: Line = [];
  for (const tab of tabs) {
    second.push({
      text: plain(tab.label),
      style: { inverse: tab.active, bold: tab.active, color: tab.active ? undefined : theme.muted },
    });
    second.push({ text: ' ', style: {} });
  }
  return [clip(first, width), clip(second, width)];
}

/**
 * The status text, cut to leave room for what stands after it: the token's
 * warning, then the spinner with what loads or the failure (components/StatusLine.tsx).
 */
function statusLine(view: DashboardViewModel, width: number, theme: Theme): Line {
  const { status } = view;
  const after: Line = [];
  if (status.warning) {
    after.push({ text: plain(` · ⚠ ${status.warning}`), style: { color: theme.error, bold: true } });
    after.push({ text: '  ', style: {} });
  }
  if (status.loading !== null) after.push({ text: plain(`${SPINNER_FIRST_FRAME} ${status.loading}`), style: {} });
  else if (status.failed) after.push({ text: plain('✖ failed'), style: { color: theme.error, bold: true } });
  const gap = status.warning ? 0 : 2;
  const afterWidth = after.reduce((sum, run) => sum + run.text.length, 0);
  if (afterWidth + gap >= width) throw new Declined();
  const text = cut(status.text, width - afterWidth - gap);
  const line: Line = [{ text, style: { color: status.stale ? theme.stale : undefined } }];
  if (after.length > 0) line.push({ text: ' '.repeat(gap), style: {} }, ...after);
  return clip(line, width);
}

/** The status line's own signs besides those of text/symbols.ts: one cell each for Ink too (text presentation). */
const STATUS_SIGNS = /[⚠✖]/g;

/** Text of one cell a character, or the frame is Ink's to draw. */
function plain(text: string): string {
  if (!oneCellEach(text.replace(STATUS_SIGNS, ''))) throw new Declined();
  return text;
}

/** A line's text cut to the width with an ellipsis, as `wrap="truncate-end"` does. */
function cut(text: string, width: number): string {
  return truncate(plain(text), width);
}

/** The runs that fit in `width` cells, the last one cut without an ellipsis (a box's overflow hidden). */
function clip(line: Line, width: number): Line {
  const out: Line = [];
  let room = width;
  for (const run of line) {
    if (room <= 0) break;
    const text = run.text.length > room ? run.text.slice(0, room) : run.text;
    out.push({ ...run, text });
    room -= text.length;
  }
  return out;
}

/** A run in its style, as Ink's <Text> applies it (dim, colour, background, bold, inverse). */
function styled({ text, style }: Run): string {
  let s: ChalkInstance = chalk;
  if (style.dimColor) s = s.dim;
  if (style.color) s = colored(s, style.color, 'foreground');
  if (style.backgroundColor) s = colored(s, style.backgroundColor, 'background');
  if (style.bold) s = s.bold;
  if (style.inverse) s = s.inverse;
  return s === chalk ? text : s(text);
}

/** A colour as Ink takes it (ink's colorize): a chalk colour's name or `#rrggbb`, all settings.yaml allows. */
function colored(s: ChalkInstance, color: string, type: 'foreground' | 'background'): ChalkInstance {
  if (color.startsWith('#')) return type === 'foreground' ? s.hex(color) : s.bgHex(color);
  if (!(foregroundColorNames as readonly string[]).includes(color)) throw new Declined();
  const name = color as ForegroundColorName;
  return type === 'foreground'
    ? s[name]
    : (s[`bg${name[0]!.toUpperCase()}${name.slice(1)}` as keyof ChalkInstance] as ChalkInstance);
}
