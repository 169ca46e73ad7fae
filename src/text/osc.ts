/**
 * Terminal escape sequences we write ourselves, around our own text only (a
 * URL we built from an address the user typed and checked), never around
 * server text. Control characters are removed from what goes inside, so the
 * sequence cannot be ended early or smuggle another one.
 */
const ESC = '\u001B';
const BEL = '\u0007';
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

const clean = (text: string): string => text.replace(CONTROLS, '');

/** OSC 8: `text` shown as a link to `url` where the terminal supports it (plain text elsewhere). */
export function hyperlink(url: string, text: string = url): string {
  return `${ESC}]8;;${clean(url)}${BEL}${clean(text)}${ESC}]8;;${BEL}`;
}

// Line breaks and tabs survive in what is copied (a Markdown summary has lines); base64 carries them safely.
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** OSC 52: puts `text` on the clipboard (works over SSH where the terminal allows it); its lines are kept. */
export function clipboardSequence(text: string): string {
  return `${ESC}]52;c;${Buffer.from(text.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_LINES, ''), 'utf8').toString('base64')}${BEL}`;
}

/**
 * tmux keeps sequences it does not know (OSC 52 among them) from the outer
 * terminal unless they come in its passthrough wrapper (ESC doubled inside);
 * its `allow-passthrough` option decides whether it lets them through.
 */
export function throughTmux(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

/**
 * Our own sequence as it must be written to reach the terminal: inside tmux (`TMUX` set) both
 * forms, since tmux's options decide which one it lets out (`set-clipboard on` takes the plain
 * OSC 52, `allow-passthrough on` the wrapped one; by default neither), and nothing here can know.
 */
export function forTerminal(sequence: string, env: NodeJS.ProcessEnv): string {
  return env.TMUX ? sequence + throughTmux(sequence) : sequence;
}
