/**
 * Two lines: who and where (profile, demo marker, service host), then the
 * four resources as tabs with their totals once known.
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

function useTotal(store: ListStore): number | null {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return snap.page ? snap.page.total : null;
}

export function Header({ profile, host, demo, readOnly, resource, stores, width }: HeaderProps): React.JSX.Element {
  const theme = useTheme();
  const totals: Record<ResourceName, number | null> = {
    slis: useTotal(stores.slis),
    slos: useTotal(stores.slos),
    organizations: useTotal(stores.organizations),
    agreements: useTotal(stores.agreements),
  };
  const marks = [demo ? 'demo sandbox' : '', readOnly ? 'read-only' : ''].filter(Boolean).map((m) => ` · ${m}`).join('');
  const who = `slotui · profile ${sanitizeLine(profile)}${marks} · ${sanitizeLine(host)}`;
  return (
    <Box flexDirection="column" width={width} height={2}>
      <Text bold wrap="truncate-end">
        {truncate(who, width)}
      </Text>
      <Box width={width} height={1} overflow="hidden">
        {RESOURCE_NAMES.map((name, i) => {
          const total = totals[name];
          const label = ` ${i + 1} ${RESOURCES[name].title}${total === null ? '' : ` (${total})`} `;
          const active = name === resource;
          return (
            <Box key={name} marginRight={1} flexShrink={0}>
              <Text inverse={active} bold={active} color={active ? undefined : theme.muted} wrap="truncate-end">
                {label}
              </Text>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
