/**
 * The terminal's size, following 'resize' at once. Falls back to 80x24 when
 * the stream doesn't say (tests, pipes) rather than asking the OS, so a frame
 * never depends on some other terminal.
 */
import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface TerminalSize {
  columns: number;
  rows: number;
}

export const DEFAULT_SIZE: TerminalSize = { columns: 80, rows: 24 };

export function readSize(stream: NodeJS.WritableStream): TerminalSize {
  const { columns: c, rows: r } = stream as { columns?: number; rows?: number };
  const columns = c && c > 0 ? c : DEFAULT_SIZE.columns;
  const rows = r && r > 0 ? r : DEFAULT_SIZE.rows;
  return { columns, rows };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => readSize(stdout));
  useEffect(() => {
    const onResize = () => {
      const next = readSize(stdout);
      setSize((prev) => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
    };
    stdout.on('resize', onResize);
    onResize();
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
