import type { IncomingMessage, Server, ServerResponse } from 'node:http';
export function handle(req: IncomingMessage, res: ServerResponse): void;
export function startStaticServer(options?: { port?: number; host?: string }): Promise<{ server: Server; url: string }>;
