/**
 * The undici module the tests' fake API loads directly (test/fakeApi.ts): undici's index loads
 * every part of undici (fetch, WebSocket, caches), about 0.1 s a test worker, where MockAgent
 * needs only its dispatchers, which the client (src/api/http.ts) has loaded already.
 */
declare module 'undici/lib/mock/mock-agent.js' {
  import { MockAgent } from 'undici';

  export default MockAgent;
}
