/** Any record: every resource's records carry at least an id. */
export type ApiRecord = { id: string } & Record<string, unknown>;
