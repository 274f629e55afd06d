import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: any;
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * Writes `payload` as it is to a TCP connection and reads the answer until the server closes
 * it (or `timeoutMs`): for requests no HTTP client would send (broken request lines, huge
 * headers, no Host).
 */
export function rawExchange(port: number, payload: string, timeoutMs = 5_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(payload));
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no HTTP answer; got ${JSON.stringify(raw.slice(0, 200))}`));
      const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let text = raw.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        let out = '';
        let rest = text;
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = Number.parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          out += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        text = out;
      } else if (headers['content-length'] !== undefined) {
        text = text.slice(0, Number(headers['content-length']));
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text, body: parseBody(text) });
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      // One answer is all these requests get; stop once a sized body is complete.
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(raw.slice(0, split))?.[1];
      if (split !== -1 && length !== undefined && Buffer.byteLength(raw.slice(split + 4)) >= Number(length)) done();
    });
    socket.on('end', done);
    socket.on('error', (err) => {
      if (chunks.length) done();
      else {
        clearTimeout(timer);
        reject(err);
      }
    });
  });
}

/** An ordinary request with headers `fetch` will not send as given (`Host` above all). */
export function requestWithHeaders(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
        resolve({ status: res.statusCode ?? 0, headers, text, body: parseBody(text) });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
