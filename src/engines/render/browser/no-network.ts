import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const UNSHARE = '/usr/bin/unshare';

/**
 * The printing browser has no network at all (docs/decisions.md, *The printer has no
 * network*): everything a document needs was fetched, checked and inlined before the print,
 * and request interception does not see what Chromium's preloader, resource hints and
 * preconnects do on their own.
 *
 * Where Linux allows it, Chromium starts in a network namespace of its own (util-linux
 * `unshare --net`; without root, inside a user namespace too), whose only interface is a
 * loopback that is down: no address, not even its own, can be reached. These flags apply
 * everywhere besides, and are all there is where no namespace can be made: every host name,
 * IP literals included, resolves to nothing, and every request goes to a proxy whose own name
 * resolves to nothing (`<-loopback>` removes Chromium's implicit bypass of loopback).
 */
export const NO_NETWORK_FLAGS: readonly string[] = [
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--proxy-server=http://no-network.invalid:1',
  '--proxy-bypass-list=<-loopback>',
];

export type NetworkIsolation =
  | { how: 'namespace'; prefix: string[] }
  | { how: 'flags'; prefix: []; why: string };

let probed: NetworkIsolation | undefined;

/**
 * How this machine keeps Chromium off the network: the command prefix that starts it in its
 * own network namespace, or flags alone (with the reason). Probed once per process by running
 * `unshare` itself, so a kernel or container that forbids namespaces is found before a print.
 */
export function networkIsolation(options: { namespace?: boolean } = {}): NetworkIsolation {
  if (options.namespace === false) return { how: 'flags', prefix: [], why: 'namespaces turned off' };
  probed ??= probeNamespace();
  return probed;
}

function probeNamespace(): NetworkIsolation {
  if (process.platform !== 'linux')
    return { how: 'flags', prefix: [], why: `not Linux (${process.platform})` };
  if (!existsSync(UNSHARE)) return { how: 'flags', prefix: [], why: `${UNSHARE} is missing (util-linux)` };
  const root = process.getuid?.() === 0;
  const prefix = root ? [UNSHARE, '--net', '--'] : [UNSHARE, '--user', '--map-root-user', '--net', '--'];
  // The namespace must also really have no route out: `ip` would need iproute2, so read
  // the interfaces the kernel lists in it instead.
  const probe = spawnSync(prefix[0], [...prefix.slice(1), 'cat', '/proc/net/dev'], {
    encoding: 'utf8',
    timeout: 5_000,
  });
  if (probe.status !== 0)
    return {
      how: 'flags',
      prefix: [],
      why: `unshare refused: ${(probe.stderr || probe.error?.message || '').trim()}`,
    };
  const interfaces = probe.stdout
    .split('\n')
    .slice(2)
    .map((line) => line.split(':')[0].trim())
    .filter(Boolean);
  if (interfaces.some((name) => name !== 'lo'))
    return { how: 'flags', prefix: [], why: `the new namespace has interfaces: ${interfaces.join(', ')}` };
  return { how: 'namespace', prefix };
}
