/**
 * A small HTTP client over real sockets, with a cookie jar: it fetches the XSRF-TOKEN cookie once
 * and echoes it on every non-GET call, like the web client does.
 */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Skip the anti-forgery header (to test that it is required). */
  noXsrf?: boolean;
  form?: FormData;
}

export class TestClient {
  private cookies = new Map<string, string>();

  /** `send` replaces the global fetch (e.g. https through a proxy from a chosen address). */
  constructor(
    readonly baseUrl: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    if (method !== 'GET' && !this.xsrf && !options.noXsrf)
      await this.request('GET', '/api/auth/xsrf');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size)
      headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (method !== 'GET' && !options.noXsrf && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    let body: RequestInit['body'];
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await this.send(this.baseUrl + path, { method, headers, body: body ?? null });
    this.remember(response.headers);
    const type = response.headers.get('content-type') ?? '';
    const parsed =
      type.includes('json') && !type.includes('ndjson')
        ? await response.json()
        : type.startsWith('image/') || type === 'application/zip'
          ? Buffer.from(await response.arrayBuffer())
          : await response.text();
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get = <T = any>(path: string, o?: RequestOptions) => this.request<T>('GET', path, o);
  post = <T = any>(path: string, body?: unknown, o?: RequestOptions) =>
    this.request<T>('POST', path, { ...o, body });
  put = <T = any>(path: string, body?: unknown, o?: RequestOptions) =>
    this.request<T>('PUT', path, { ...o, body });
  patch = <T = any>(path: string, body?: unknown, o?: RequestOptions) =>
    this.request<T>('PATCH', path, { ...o, body });
  delete = <T = any>(path: string, o?: RequestOptions) => this.request<T>('DELETE', path, o);
}
