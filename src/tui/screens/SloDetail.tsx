/**
 * An SLO's details: the generic screen plus the name of its SLI (read by id)
 * under `service_level_indicator_id`. The jump to that SLI (`s`) comes from
 * the reference declared in references.ts.
 */
import React, { useMemo } from 'react';
import { RESOURCES } from '../../api/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { errorSentence } from '../errorText.js';
import type { Annotations } from './detailLines.js';
import { RecordDetail } from './RecordDetail.js';
import type { DetailScreenProps } from './DetailScreen.js';
import { DETAIL_REFERENCES, referencedId } from './references.js';
import { useRecord } from './useRecord.js';

export function SloDetail(props: DetailScreenProps): React.JSX.Element {
  const { state, client } = props;
  const field = DETAIL_REFERENCES.slos!.field;
  const target = referencedId('slos', state.record ?? undefined);
  const sli = useRecord(client, 'slis', target?.id ?? null);

  const annotations = useMemo<Annotations>(() => {
    if (!target) return {};
    const text = sli.record
      ? `SLI: ${sanitizeLine(RESOURCES.slis.label(sli.record))} (s opens it)`
      : sli.loading
        ? 'SLI: reading its name…'
        : sli.error !== null
          ? `SLI: its name could not be read. ${errorSentence(sli.error)}`
          : 'SLI: —';
    return { [field]: [{ text, tone: 'note' }] };
  }, [target, field, sli.record, sli.loading, sli.error]);

  return <RecordDetail {...props} annotations={annotations} />;
}
