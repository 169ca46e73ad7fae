/** A picture of docs/pictures/: its name, title, terminal size and the keys pressed (each with a text to wait for). */
export interface PictureSpec {
  name: string;
  title: string;
  cols: number;
  rows: number;
  steps: [string, string][];
}
export const PICTURES: PictureSpec[];
/** sha256 (16 hex digits) of the inputs' paths and contents. */
export function inputsHash(root: string): string;
