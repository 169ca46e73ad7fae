/**
 * An ApiClient that forwards to another one, which can be replaced. The
 * dashboard's list stores hold the client they were made with; when a new
 * token is set up after a 401, swapping the client underneath keeps those
 * stores, so the screen comes back on the same resource, page, selection and
 * filter, now read with the new token.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiClient, ListOptions, RequestOptions } from '../../api/types.js';

export class SwappableClient implements ApiClient {
  constructor(private target: ApiClient) {}

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
    return this.target.listPage(resource, options);
  }

  followPage(resource: ResourceName, url: string, options?: RequestOptions) {
    return this.target.followPage(resource, url, options);
  }

  pages(resource: ResourceName, options?: ListOptions) {
    return this.target.pages(resource, options);
  }

  get(resource: ResourceName, id: string, options?: RequestOptions) {
    return this.target.get(resource, id, options);
  }

  create(resource: ResourceName, body: Record<string, unknown>, options?: RequestOptions) {
    return this.target.create(resource, body, options);
  }

  update(resource: ResourceName, id: string, patch: Record<string, unknown>, options?: RequestOptions) {
    return this.target.update(resource, id, patch, options);
  }

  remove(resource: ResourceName, id: string, options?: RequestOptions) {
    return this.target.remove(resource, id, options);
  }

  probe(options?: RequestOptions) {
    return this.target.probe(options);
  }

  close() {
    return this.target.close();
  }
}
