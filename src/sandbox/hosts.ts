/**
 * Which listening addresses keep the sandbox to this machine. Its /login hands
 * out a token without a password, so anywhere else it must be asked for.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** localhost, 127.0.0.0/8 and ::1 (also written [::1] or as ::ffff:127.x.y.z). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (isIPv6(name)) {
    if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
    return mapped !== undefined && mapped.startsWith('127.');
  }
  return false;
}
