/**
 * A handler's answer as plain data, so the server can apply faults (cut the
 * body short, for instance) to whatever the handler produced.
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** A Buffer for what is sent again and again (a kept page: encoded once, not at every answer). */
  body: string | Buffer;
}

export type FieldErrors = Record<string, string[]>;

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return jsonText(status, JSON.stringify(value), headers);
}

/** JSON already made (a list page kept from an earlier answer). */
export function jsonText(status: number, json: string | Buffer, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: json };
}

/** Every error has this shape: {"detail": sentence} plus "errors" (field -> messages) for bad fields. */
export function errorReply(
  status: number,
  detail: string,
  errors?: FieldErrors,
  headers: Record<string, string> = {},
): Reply {
  return jsonReply(status, errors ? { detail, errors } : { detail }, headers);
}

export function emptyReply(status: number, headers: Record<string, string> = {}): Reply {
  return { status, headers, body: '' };
}

export function htmlReply(status: number, html: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body: html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
