import { log } from '../log';

/**
 * One structured line per request: method, path (no query string), status, duration. No
 * bodies, no IP addresses; the logger masks anything in the path that looks like personal data.
 * Written by the front door (the Worker's fetch handler) once the answer is ready.
 */
export function logRequest(method: string, requestPath: string, status: number, started: number): void {
  let path = requestPath;
  try {
    path = decodeURIComponent(path);
  } catch {}
  log.info('request', { method, path: path.slice(0, 200), status, ms: Date.now() - started });
}
