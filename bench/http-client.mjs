// A lean HTTP client for the load the benches generate: node:http over one kept-alive connection
// per terminal (a till keeps its connection open all day), the headers a browser sends (compressed
// answers accepted), the answer's bytes read but not decompressed nor parsed. fetch (undici) costs
// the bench's own process about twice the CPU per request; on a 2-core machine that shares its
// cores with the server, that cost was counted as the server's.
import http from 'node:http';

/** One terminal: its own connection, kept open between requests. */
export function terminal() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    /** Sends a request; resolves with the status and the answer's (possibly compressed) bytes. */
    request(url, { method = 'GET', headers = {}, body } = {}) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          url,
          {
            method,
            agent,
            headers: {
              'accept-encoding': 'gzip, deflate, br',
              ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
              ...headers,
            },
          },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
