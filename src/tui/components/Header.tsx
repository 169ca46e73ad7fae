/**
 * Two lines: who and where (profile, demo marker, service host), then the
 * resources as tabs with their totals once known.
 */
import React, { useSyncExternalStore } from 'react';
import { Box, Text } from 'ink';
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../../api/resources.js';
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
  stores: Record<ResourceName, ListStore>;
  width: number;
}

/** One resource's tab: its number key, title and total once known (it subscribes to its own list). */
function Tab({ index, name, store, active }: { index: number; name: ResourceName; store: ListStore; active: boolean }): React.JSX.Element {
  const theme = useTheme();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const total = snap.page ? snap.page.total : null;
  const label = ` ${index + 1} ${RESOURCES[name].title}${total === null ? '' : ` (${total})`} `;
  return (
    <Box marginRight={1} flexShrink={0}>
      <Text inverse={active} bold={active} color={active ? undefined : theme.muted} wrap="truncate-end">
        {label}
      </Text>
    </Box>
  );
}

export function Header({ profile, host, demo, readOnly, resource, stores, width }: HeaderProps): React.JSX.Element {
  const marks = [demo ? 'demo sandbox' : '', readOnly ? 'read-only' : ''].filter(Boolean).map((m) => ` · ${m}`).join('');
  const who = `slotui · profile ${sanitizeLine(profile)}${marks} · ${sanitizeLine(host)}`;
  return (
    <Box flexDirection="column" width={width} height={2}>
      <Text bold wrap="truncate-end">
        {truncate(who, width)}
      </Text>
      <Box width={width} height={1} overflow="hidden">
        {RESOURCE_NAMES.map((name, i) => (
          <Tab key={name} index={i} name={name} store={stores[name]} active={name === resource} />
        ))}
      </Box>
    </Box>
  );
}
