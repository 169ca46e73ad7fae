/**
 * Two lines: who and where (profile, demo marker, service host), then the
 * resources as tabs with their totals once known.
 */
import React, { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import type { Registry, ResourceDef, ResourceName } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ListStore } from '../state/listStore.js';
import { truncate } from '../../text/width.js';
import { useTheme } from './theme.js';

export interface HeaderProps {
  profile: string;
  host: string;
  demo: boolean;
  readOnly: boolean;
  resource: ResourceName;
  registry: Registry;
  stores: Record<ResourceName, ListStore>;
  width: number;
}

/** One resource's tab: its number key, title and total once known (it subscribes to its own list). */
function Tab({
  index,
  def,
  store,
  active,
}: {
  index: number;
  def: ResourceDef;
  store: ListStore;
  active: boolean;
}): React.JSX.Element {
  const theme = useTheme();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const total = snap.page ? snap.page.total : null;
  const label = ` ${index + 1} ${def.title}${total === null ? '' : ` (${total})`} `;
  return (
    <Box marginRight={1} flexShrink={0}>
      <Text inverse={active} bold={active} color={active ? undefined : theme.muted} wrap="truncate-end">
        {label}
      </Text>
    </Box>
  );
}

export function Header({
  profile,
  host,
  demo,
  readOnly,
  resource,
  registry,
  stores,
  width,
}: HeaderProps): React.JSX.Element {
  const marks = [demo ? 'demo sandbox' : '', readOnly ? 'read-only' : '']
    .filter(Boolean)
    .map((m) => ` · ${m}`)
    .join('');
  const who = `slotui · profile ${sanitizeLine(profile)}${marks} · ${sanitizeLine(host)}`;
  return (
    <Box flexDirection="column" width={width} height={2}>
      <Text bold wrap="truncate-end">
        {truncate(who, width)}
      </Text>
      <Box width={width} height={1} overflow="hidden">
        {registry.defs.map((def, i) => (
          <Tab key={def.name} index={i} def={def} store={stores[def.name]} active={def.name === resource} />
        ))}
      </Box>
    </Box>
  );
}
