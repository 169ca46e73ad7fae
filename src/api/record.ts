/** Any record: every resource's records carry at least an id. */
export type ApiRecord = { id: string } & Record<string, unknown>;

/**
 * On a record of a list that does not fit its resource's schema: why. Such a
 * record is kept with what can be read (its fields as the service sent them)
 * so the others are not hidden by it; a symbol key, so JSON output never
 * shows it, and spreads of the record keep it.
 */
export const ODD_RECORD = Symbol('slotui.oddRecord');

/** Why a record of a list does not fit its schema, or undefined when it does. */
export function oddReason(record: object): string | undefined {
  const reason = (record as { [ODD_RECORD]?: unknown })[ODD_RECORD];
  return typeof reason === 'string' ? reason : undefined;
}
