/**
 * Details of one record: reads it (or starts from the list's copy) and hands
 * it to the resource's detail screen: the generic one, unless DETAIL_SCREENS
 * names a wrapper.
 */
import React, { useMemo, type ComponentType } from 'react';
import { RESOURCES, type ResourceDef, type ResourceName } from '../../api/resources.js';
import type { ApiClient } from '../../api/types.js';
import type { Layout } from '../controller.js';
import type { DetailEntry } from '../state/navigation.js';
import { RecordDetail } from './RecordDetail.js';
import { SloDetail } from './SloDetail.js';
import { useRecord, type RecordState } from './useRecord.js';

export interface DetailScreenProps {
  def: ResourceDef;
  id: string;
  state: RecordState;
  client: ApiClient;
  width: number;
  height: number;
  now: Date;
  scroll: number;
  layout: Layout;
}

/** Resources whose details need more than the generic screen. */
const DETAIL_SCREENS: Partial<Record<ResourceName, ComponentType<DetailScreenProps>>> = {
  slos: SloDetail,
};

export interface DetailScreenContainerProps {
  entry: DetailEntry;
  client: ApiClient;
  width: number;
  height: number;
  scroll: number;
  layout: Layout;
  /** The injected clock ("3 days ago" is measured from it). */
  clock: () => Date;
}

export function DetailScreen({ entry, client, clock, ...rest }: DetailScreenContainerProps): React.JSX.Element {
  const state = useRecord(client, entry.resource, entry.id, entry.record);
  // One reading of the clock per version of the record keeps the lines memoised between renders.
  const now = useMemo(() => clock(), [clock, state.record]);
  const Screen: ComponentType<DetailScreenProps> = DETAIL_SCREENS[entry.resource] ?? RecordDetail;
  return <Screen def={RESOURCES[entry.resource]} id={entry.id} state={state} client={client} now={now} {...rest} />;
}
