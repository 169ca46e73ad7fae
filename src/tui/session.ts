/** A signed-in connection: the client and the profile's settings it was built from. */
import type { ApiClient } from '../api/types.js';
import type { Settings } from '../config/types.js';

export interface Session {
  client: ApiClient;
  settings: Settings;
}
