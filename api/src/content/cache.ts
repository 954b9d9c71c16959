// Public content changes rarely and is read on every page: each list is read from the database once and kept in
// memory, with its serialized JSON. Anything that writes content calls invalidate().
export class ContentCache {
  private readonly values = new Map<string, Promise<unknown>>();
  private readonly json = new Map<string, Promise<string>>();

  /** The cached value for `key`, loading it once (concurrent first requests share one load). */
  value<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.values.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      this.values.set(key, entry);
      // A failed load is not kept: the next request tries again.
      entry.catch(() => {
        if (this.values.get(key) === entry) this.values.delete(key);
      });
    }
    return entry;
  }

  /** The cached value for `key` as a JSON string, ready to send. */
  serialized(key: string, load: () => Promise<unknown>): Promise<string> {
    let entry = this.json.get(key);
    if (!entry) {
      entry = this.value(key, load).then((v) => JSON.stringify(v));
      this.json.set(key, entry);
      entry.catch(() => {
        if (this.json.get(key) === entry) this.json.delete(key);
      });
    }
    return entry;
  }

  /**
   * Changes whenever content is written (and at every start of the process): the storefront's server renders public
   * pages from content and keeps them while this stays the same (issue 21, GET /content/version/).
   */
  version = `${Date.now().toString(36)}.0`;
  private edits = 0;

  invalidate(): void {
    this.values.clear();
    this.json.clear();
    this.edits += 1;
    this.version = `${this.version.split('.')[0]}.${this.edits}`;
  }
}
