/**
 * The spinner keeps its frame in its own state, so a tick re-renders this
 * component only, never the table beside it.
 */
import React, { useEffect, useState } from 'react';
import { Text } from 'ink';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const TICK_MS = 120;

export function Spinner({ label }: { label: string }): React.JSX.Element {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text wrap="truncate-end">
      {FRAMES[frame]} {label}
    </Text>
  );
}
