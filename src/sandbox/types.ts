/** The embedded sandbox service's contract. */
import type { Registry } from '../api/resources.js';
import type { TlsMaterial } from './tls.js';

export interface Faults {
  /** Added to every API response, in ms. */
  latencyMs?: number;
  /** Share (0..1) of API requests answered with one of errorStatuses. */
  errorRate?: number;
  /** Statuses drawn for errorRate (default [500]); 429 carries Retry-After. */
  errorStatuses?: number[];
  /** Retry-After seconds sent with 429 and 503 (default 1). */
  retryAfterSeconds?: number;
  /** Share (0..1) of API responses whose body is cut off mid-way (connection closed). */
  truncateRate?: number;
  /** Share (0..1) of API requests whose connection is reset before any answer. */
  resetRate?: number;
  /** Share (0..1) of API requests answered 200 with an HTML page instead of JSON. */
  htmlRate?: number;
  /** Share (0..1) of API requests that never get an answer (until the client gives up). */
  hangRate?: number;
  /** Seed of the fault dice, so runs are reproducible (default 1). */
  seed?: number;
}

export interface SandboxOptions {
  host?: string; // default 127.0.0.1
  /** Needed for a host that is not loopback (localhost, 127.0.0.0/8, ::1): its /login hands out tokens. */
  expose?: boolean;
  port?: number; // default 0: an ephemeral port
  /** Keep the data in this JSON file (loaded at start, written atomically on change). */
  dataFile?: string;
  /** Include the sample data (default true). */
  sample?: boolean;
  /** Add this many generated SLIs after the sample data. */
  seed?: number;
  /** Add this many generated SLOs (over the SLIs there are) after the sample data and the seeded SLIs. */
  seedSlos?: number;
  /** Largest page served; larger `limit`s are capped (default 100). */
  maxLimit?: number;
  faults?: Faults;
  /** The user id the issued tokens carry (default "user-1"). */
  userId?: string;
  /** The resources it serves (default: WIRE_REGISTRY). */
  registry?: Registry;
  /**
   * The certificate and key it serves (default: a new self-signed one for its host). Tests that
   * start many sandboxes share one: making a key pair and certificate is most of a start's CPU.
   */
  tls?: TlsMaterial;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The parsed JSON body, if any (for tests of what a client sent). */
  body?: unknown;
  authorized: boolean;
}

export interface SandboxHandle {
  /** https://127.0.0.1:PORT — the client adds /v1/... */
  baseUrl: string;
  /** Where /login and the m2m-token endpoint live (same origin as baseUrl). */
  frontendUrl: string;
  /** The self-signed CA certificate, PEM, to give the client as its CA. */
  caPem: string;
  /** caPem written to a file (for SLOTUI_CA_FILE). */
  caFile: string;
  /** A valid token (JWT, HS256, one year) for the sandbox user. */
  token: string;
  /** Issues a token with custom claims or lifetime (tests of expiry). */
  issueToken(options?: { sub?: string; expiresInSeconds?: number }): string;
  /** TLS connections accepted so far, and requests seen. */
  stats(): { connections: number; requests: number };
  /** Requests received, newest last (bounded). */
  requests: RecordedRequest[];
  setFaults(faults: Faults): void;
  close(): Promise<void>;
}
