/** The terminal's size, and the records per page it gives the lists. */
import { pageSizeFor, type TerminalSize } from '../layout.js';
import { Store } from './store.js';

export class ViewportStore extends Store<TerminalSize> {
  get pageSize(): number {
    return pageSizeFor(this.getSnapshot().rows);
  }

  resize(size: TerminalSize): void {
    const now = this.getSnapshot();
    if (now.columns !== size.columns || now.rows !== size.rows) this.set({ columns: size.columns, rows: size.rows });
  }
}
