/**
 * One record read by id (client.get), with reload and cancellation: leaving
 * the screen aborts the request, and a late answer to an older request is
 * dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/schemas.js';
import type { ApiClient } from '../../api/types.js';

export interface RecordState {
  record: ApiRecord | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

export function useRecord(client: ApiClient, resource: ResourceName, id: string | null, initial?: ApiRecord): RecordState {
  const [state, setState] = useState<{ record: ApiRecord | null; loading: boolean; error: unknown }>(() => ({
    record: initial ?? null,
    loading: id !== null && initial === undefined,
    error: null,
  }));
  const controller = useRef<AbortController | null>(null);
  const generation = useRef(0);

  const load = useCallback(() => {
    if (id === null) return;
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const gen = ++generation.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    client.get(resource, id, { signal: mine.signal }).then(
      (record) => {
        if (gen === generation.current) setState({ record, loading: false, error: null });
      },
      (error: unknown) => {
        if (gen === generation.current && !mine.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
      },
    );
  }, [client, resource, id]);

  useEffect(() => {
    if (initial === undefined) load();
    return () => {
      generation.current++;
      controller.current?.abort();
    };
    // The initial record only matters for the first render.
  }, [load]);

  return { ...state, reload: load };
}
