import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateHost } from './private-address.js';
import { PrivateAddressRefused } from './safe-fetch-error.js';

/**
 * A DNS lookup for sockets that drops private addresses before the socket connects.
 * Because the check happens on the very address the socket then dials, a hostname that
 * answers "public" to a first query and "127.0.0.1" to the next (DNS rebinding) gains nothing.
 */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    if (!allowPrivate && isPrivateHost(hostname)) {
      const refused = new PrivateAddressRefused(hostname, hostname);
      return callback(refused as NodeJS.ErrnoException, '', 0);
    }
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateHost(a.address));
      if (usable.length === 0) {
        const refused = new PrivateAddressRefused(hostname, addresses[0]?.address ?? 'nothing');
        return callback(refused as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}
