/**
 * The setup flow as drawn: the two addresses, then the token endpoint as a
 * link (OSC 8) and the masked token field. The token is never drawn: only
 * dots and its length.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { sanitizeLine } from '../../text/sanitize.js';
import { InputLine } from '../components/InputLine.js';
import { Spinner } from '../components/Spinner.js';
import { useTheme } from '../components/theme.js';
import { truncate, wrap } from '../../text/width.js';
import { hyperlink } from '../../text/osc.js';
import type { SetupScreen } from './setupStore.js';

const LABEL_WIDTH = 15;
/** Dots shown at most: enough to see the paste arrived, nothing about its content. */
const MAX_DOTS = 24;

function maskedText(length: number): string {
  if (length === 0) return '';
  return `${'•'.repeat(Math.min(length, MAX_DOTS))} (${length} character${length === 1 ? '' : 's'})`;
}

export interface SetupViewProps {
  screen: SetupScreen;
  profile: string;
  width: number;
  height: number;
}

export function SetupView({ screen, profile, width, height }: SetupViewProps): React.JSX.Element {
  const { state: s, canCopy, canOpenBrowser } = screen;
  const theme = useTheme();
  const label = (text: string) => text.padEnd(LABEL_WIDTH);
  const field = (name: string, value: string, active: boolean, placeholder?: string) =>
    active ? (
      <InputLine
        prompt={`› ${label(name)}`}
        editor={name === 'Base URL' ? s.baseUrl : name === 'CA file' ? s.caFile : s.frontendUrl}
        placeholder={placeholder}
        width={width}
      />
    ) : (
      <Text wrap="truncate-end">{`  ${label(name)}${truncate(sanitizeLine(value), Math.max(0, width - LABEL_WIDTH - 2))}`}</Text>
    );
  const tokenChars = Array.from(s.token.value).length;
  const lines = (text: string) => wrap(text, width);

  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {truncate(`Connect slotui to an SLO service · profile ${sanitizeLine(profile)}`, width)}
      </Text>
      {s.reason
        ? lines(s.reason).map((line, i) => (
            <Text key={`r${i}`} color={theme.error} wrap="truncate-end">
              {line}
            </Text>
          ))
        : null}
      <Text> </Text>
      {field('Base URL', s.baseUrl.value, s.step === 'base-url', 'https://slo.example.com')}
      {field('Frontend URL', s.frontendUrl.value, s.step === 'frontend-url', 'Enter: the same origin as the base URL')}
      {field(
        'CA file',
        s.caFile.value,
        s.step === 'ca-file',
        'Enter: none (a PEM file for a private certificate authority)',
      )}
      {s.step === 'token' && s.endpoint ? (
        <Box flexDirection="column" width={width}>
          <Text> </Text>
          <Text wrap="truncate-end">1. While logged in on the frontend, open:</Text>
          {/* Our own URL, built from the address typed and checked above; never server text. */}
          {/* Whole, over several lines if need be (it must be copyable where links don't work); each piece links to all of it. */}
          {chunks(s.endpoint, Math.max(10, width - 3)).map((piece, i) => (
            <Text key={`url${i}`} wrap="truncate-end">{`   ${hyperlink(s.endpoint!, piece)}`}</Text>
          ))}
          {wrap(
            `${s.copied ? 'Sent to the clipboard (if the terminal allows OSC 52).' : `Copy it into your browser${canCopy ? ', or press Ctrl+Y to put it on the clipboard' : ''}.`}${canOpenBrowser ? ' Ctrl+O opens it in your browser.' : ''}`,
            Math.max(10, width - 3),
          ).map((line, i) => (
            <Text key={`copy${i}`} dimColor wrap="truncate-end">{`   ${line}`}</Text>
          ))}
          <Text wrap="truncate-end">2. Paste the whole answer, or just the JWT, and press Enter:</Text>
          <Box width={width} height={1} overflow="hidden">
            <Text wrap="truncate-end">
              <Text bold>{`› ${label('Token')}`}</Text>
              {maskedText(tokenChars)}
              <Text inverse> </Text>
            </Text>
          </Box>
        </Box>
      ) : (
        <Text>{`  ${label('Token')}`}</Text>
      )}
      <Text> </Text>
      {s.busy ? (
        <Spinner label={s.step === 'ca-file' ? 'Reading the CA file…' : 'Verifying the token with the service…'} />
      ) : null}
      {s.error
        ? lines(s.error).map((line, i) => (
            <Text key={`e${i}`} color={theme.error} bold wrap="truncate-end">
              {line}
            </Text>
          ))
        : null}
      {s.note ? <Text wrap="truncate-end">{truncate(s.note, width)}</Text> : null}
    </Box>
  );
}

/** The text cut into pieces of at most `size` characters (a URL has no spaces to wrap at). */
function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}
