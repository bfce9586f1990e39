import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
}

export interface LoopbackServer {
  url: string;
  requests: Recorded[];
  reply(path: string, reply: Reply | ((req: Recorded) => Reply)): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}

/** A real HTTP server on 127.0.0.1 answering canned replies by path, for client tests. */
export async function startLoopbackServer(): Promise<LoopbackServer> {
  const replies = new Map<string, Reply | ((req: Recorded) => Reply)>();
  const requests: Recorded[] = [];
  const server: Server = createServer(async (req, res) => {
    // The test page runs on another origin, so answer like a CORS-enabled API does.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const recorded: Recorded = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: await readBody(req) };
    requests.push(recorded);
    const path = (req.url ?? '').split('?')[0];
    const found = replies.get(path);
    const reply = typeof found === 'function' ? found(recorded) : (found ?? { status: 404, body: { error: 'Not found' } });
    res.writeHead(reply.status, { 'content-type': reply.text !== undefined ? 'text/plain' : 'application/json' });
    res.end(reply.text ?? JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (path, reply) => void replies.set(path, reply),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
