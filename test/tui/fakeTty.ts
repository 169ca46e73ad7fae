/** Stand-in terminal streams for runDashboard: a TTY stdout that records what is written, a TTY stdin that records raw mode. */
import { PassThrough, Writable } from 'node:stream';

export class FakeTty extends Writable {
  isTTY = true;
  columns = 100;
  rows = 24;
  output = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.output += chunk.toString();
    done();
  }
}

export function fakeStdin(): NodeJS.ReadStream & { rawModes: boolean[] } {
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream & { rawModes: boolean[] };
  stdin.isTTY = true;
  stdin.rawModes = [];
  stdin.setRawMode = (mode: boolean) => {
    stdin.rawModes.push(mode);
    return stdin;
  };
  stdin.ref = () => stdin;
  stdin.unref = () => stdin;
  return stdin;
}
