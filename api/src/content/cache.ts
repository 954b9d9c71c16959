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
   * The content's version (the database's: content/routes.ts), which changes whenever content is written and at every
   * start of a node: the storefront's server renders public pages from content and keeps them while this stays the
   * same (issue 21, GET /content/version/). Until the node has read it, one of its own.
   */
  version = `start-${Date.now().toString(36)}`;

  /**
   * Drops every cached list, then gives `version` (in that order: a page rendered with the new version never gets a
   * list cached before it), unless it is older than the one given now (the database's versions start with a serial
   * number: two writes' events may arrive in either order).
   */
  invalidate(version: string): void {
    this.values.clear();
    this.json.clear();
    if (!this.isOlder(version)) this.version = version;
  }

  /** A version of this node's own, after its current one (`token` makes it unique): when the database could not be
   *  written, the next version the database gives still counts as newer than it only if it comes from a later write. */
  ownVersion(token: string): string {
    return `${Math.max(serialOf(this.version), 0) + 1}-own-${token}`;
  }

  /** Whether `version` is one the database gave after this node's. A node on its own version takes the database's from
   *  the same serial on: another node's write got that serial, and the cluster must agree on one version again. */
  isNewer(version: string): boolean {
    const mine = serialOf(this.version);
    const theirs = serialOf(version);
    return theirs > mine || (theirs === mine && isOwn(this.version) && !isOwn(version) && theirs >= 0);
  }

  private isOlder(version: string): boolean {
    return serialOf(version) < serialOf(this.version);
  }
}

const isOwn = (version: string) => /^\d+-own-/.test(version);

/** The serial number leading a version ('12-…', '13-own-…'); -1 for the one a node starts with ('start-…'). */
function serialOf(version: string): number {
  const serial = /^(\d+)-/.exec(version);
  return serial ? Number(serial[1]) : -1;
}
