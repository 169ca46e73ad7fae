/**
 * The terminal's size, following 'resize' at once. Falls back to 80x24 when
 * the stream doesn't say (tests, pipes) rather than asking the OS, so a frame
 * never depends on some other terminal.
 */
import { useEffect, useState } from 'react';
import { useStdout } from 'ink';
import { readSize, type TerminalSize } from '../layout.js';

export { DEFAULT_SIZE, readSize, type TerminalSize } from '../layout.js';

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
