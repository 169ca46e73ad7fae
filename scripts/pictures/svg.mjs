// A headless xterm's screen as an SVG: each run of cells with the same colours
// and weight becomes one <text> (and one <rect> for a background), on a grid
// of fixed cells, so the picture is the screen the program drew, colours
// included. The 16 ANSI colours are xterm's defaults; 256-colour and RGB cells
// are drawn as given.

const CELL_W = 8.4;
const CELL_H = 17;
const FONT = 14;
const BACKGROUND = '#1e1e1e';
const FOREGROUND = '#d4d4d4';
const ANSI = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];

function palette(index) {
  if (index < 16) return ANSI[index];
  if (index < 232) {
    const i = index - 16;
    const level = (n) => (n === 0 ? 0 : 55 + n * 40);
    return rgb((level(Math.floor(i / 36)) << 16) | (level(Math.floor(i / 6) % 6) << 8) | level(i % 6));
  }
  const grey = 8 + (index - 232) * 10;
  return rgb((grey << 16) | (grey << 8) | grey);
}
const rgb = (value) => `#${value.toString(16).padStart(6, '0')}`;

function colours(cell) {
  let fg = cell.isFgDefault() ? FOREGROUND : cell.isFgRGB() ? rgb(cell.getFgColor()) : palette(cell.getFgColor());
  let bg = cell.isBgDefault() ? undefined : cell.isBgRGB() ? rgb(cell.getBgColor()) : palette(cell.getBgColor());
  if (cell.isInverse()) [fg, bg] = [bg ?? BACKGROUND, fg];
  return { fg, bg, bold: cell.isBold() !== 0, dim: cell.isDim() !== 0 };
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SVG of `term`'s visible screen, with `title` for screen readers. */
export function screenSvg(term, title) {
  const buffer = term.buffer.active;
  // One cell more than the screen: a font a little wider than the grid never cuts the last column.
  const width = Math.ceil((term.cols + 1) * CELL_W);
  const height = term.rows * CELL_H;
  const rects = [];
  const texts = [];
  for (let row = 0; row < term.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    if (!line) continue;
    let run;
    const flush = () => {
      if (!run) return;
      const x = (run.col * CELL_W).toFixed(1);
      const y = row * CELL_H;
      if (run.bg)
        rects.push(
          `<rect x="${x}" y="${y}" width="${(run.width * CELL_W).toFixed(1)}" height="${CELL_H}" fill="${run.bg}"/>`,
        );
      if (run.text.trim() !== '') {
        const weight = run.bold ? ' font-weight="bold"' : '';
        const opacity = run.dim ? ' opacity="0.6"' : '';
        texts.push(
          `<text x="${x}" y="${y + CELL_H - 4}" fill="${run.fg}"${weight}${opacity} textLength="${(run.width * CELL_W).toFixed(1)}" lengthAdjust="spacingAndGlyphs" xml:space="preserve">${escape(run.text)}</text>`,
        );
      }
      run = undefined;
    };
    for (let col = 0; col < term.cols; col++) {
      const cell = line.getCell(col);
      if (!cell || cell.getWidth() === 0) continue;
      const style = colours(cell);
      const chars = cell.getChars() || ' ';
      const same =
        run && run.fg === style.fg && run.bg === style.bg && run.bold === style.bold && run.dim === style.dim;
      if (!same) {
        flush();
        run = { col, text: '', width: 0, ...style };
      }
      run.text += chars;
      run.width += cell.getWidth();
    }
    flush();
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(title)}">`,
    `<title>${escape(title)}</title>`,
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/>`,
    `<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="${FONT}">`,
    ...rects,
    ...texts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
