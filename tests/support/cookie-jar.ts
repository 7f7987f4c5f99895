// A browser's cookie handling for API tests that walk redirects across two servers (the app and the
// local OpenID provider): cookies kept per host:port, sent back on each request, redirects followed by hand.
export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.byHost.get(new URL(url).host) ?? new Map())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.byHost.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.byHost.has(host)) this.byHost.set(host, new Map());
    this.byHost.get(host)!.set(name, value);
  }

  store(url: string, response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1]) < Date.now());
      if (expired || value.join('=') === '') this.byHost.get(new URL(url).host)?.delete(name.trim());
      else this.set(url, name.trim(), value.join('='));
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }

  /** Follows redirects until a page answers (or stop says so), returning every hop. */
  async follow(url: string, init: RequestInit = {}, stop: (url: string) => boolean = () => false): Promise<{ response: Response; url: string; hops: Hop[] }> {
    const hops: Hop[] = [];
    let current = url;
    let response = await this.fetch(current, init);
    for (let i = 0; i < 20; i += 1) {
      const location = response.headers.get('location');
      hops.push({ url: current, status: response.status, location });
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).href;
      if (stop(current)) break;
      response = await this.fetch(current);
    }
    return { response, url: current, hops };
  }
}
