import http from 'node:http';

export type Reply = { status: number; body: string };

/**
 * A client on one keep-alive connection (a browser tab's worth), for flows: the request goes out
 * as given, the reply comes back as text. Lighter than fetch, so the load generator costs less CPU.
 */
export function connection(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        new URL(path, origin),
        {
          method,
          agent,
          headers: payload
            ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: async () => agent.destroy() };
}

/** The reply's JSON when its status is the expected one; otherwise an error naming the request. */
export function expectJson<T>(what: string, reply: Reply, status: number): T {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body) as T;
}
