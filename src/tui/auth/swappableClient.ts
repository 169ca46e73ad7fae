/**
 * An ApiClient that forwards to another one, which can be replaced. The
 * dashboard's list stores hold the client they were made with; when a new
 * token is set up after a 401, swapping the client underneath keeps those
 * stores, so the screen comes back on the same resource, page, selection and
 * filter, now read with the new token.
 */
import { isSlotuiError, type SlotuiError } from '../../api/errors.js';
import type { ResourceName } from '../../api/resources.js';
import type { ApiClient, CloseOptions, ListOptions, RequestOptions } from '../../api/types.js';

type RefusedListener = (error: SlotuiError) => void;

export class SwappableClient implements ApiClient {
  private readonly refusedListeners = new Set<RefusedListener>();

  constructor(private target: ApiClient) {}

  /**
   * Called with every 401 any screen's request meets (a list, a detail, a form,
   * a picker), so the token setup opens wherever the user is. Returns the unsubscribe.
   */
  onRefused(listener: RefusedListener): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  /** Runs a request on the current client; a 401 is reported only while that client is still current
   * (a late answer to a request sent with the replaced token says nothing about the new one). */
  private watch<T>(request: (target: ApiClient) => Promise<T>): Promise<T> {
    const target = this.target;
    return request(target).catch((error: unknown) => {
      if (isSlotuiError(error) && error.kind === 'auth' && error.status === 401 && target === this.target) {
        for (const listener of this.refusedListeners) listener(error);
      }
      throw error;
    });
  }

  /** Later requests go to `next`; the old client is left to its owner (the CLI closes every client it made). */
  swap(next: ApiClient): void {
    this.target = next;
  }

  get current(): ApiClient {
    return this.target;
  }

  get baseUrl(): string {
    return this.target.baseUrl;
  }

  get readOnly(): boolean {
    return this.target.readOnly;
  }

  resourceUrl(resource: ResourceName): string {
    return this.target.resourceUrl(resource);
  }

  listPage(resource: ResourceName, options?: ListOptions) {
    return this.watch((target) => target.listPage(resource, options));
  }

  followPage(resource: ResourceName, url: string, options?: RequestOptions) {
    return this.watch((target) => target.followPage(resource, url, options));
  }

  pages(resource: ResourceName, options?: ListOptions) {
    return this.target.pages(resource, options);
  }

  get(resource: ResourceName, id: string, options?: RequestOptions) {
    return this.watch((target) => target.get(resource, id, options));
  }

  create(resource: ResourceName, body: Record<string, unknown>, options?: RequestOptions) {
    return this.watch((target) => target.create(resource, body, options));
  }

  update(resource: ResourceName, id: string, patch: Record<string, unknown>, options?: RequestOptions) {
    return this.watch((target) => target.update(resource, id, patch, options));
  }

  remove(resource: ResourceName, id: string, options?: RequestOptions) {
    return this.watch((target) => target.remove(resource, id, options));
  }

  probe(options?: RequestOptions) {
    return this.target.probe(options);
  }

  close(options?: CloseOptions) {
    return this.target.close(options);
  }
}
