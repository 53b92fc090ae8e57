import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobBucket } from '../../src/config/blob-location.js';

const run = promisify(execFile);

/**
 * A `ceph` command to a monitor that has just started: while it is still upgrading its services
 * on a loaded machine it answers EPERM "problem getting command descriptions from mon", which
 * passes once it is up, so such a command is tried again for a while.
 */
async function monCommand(args: string[]): Promise<{ stdout: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run('ceph', args);
    } catch (err) {
      const stderr = String((err as { stderr?: string }).stderr ?? '');
      if (!/problem getting command descriptions/.test(stderr) || attempt >= 30) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
const BINARIES = ['ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin', 'ceph', 'monmaptool', 'ceph-authtool'];
const INSTALL_HINT = 'bash scripts/bootstrap.sh --tests (apt-get install radosgw ceph-mon ceph-osd)';

/** A real S3 server for tests: Ceph's RADOS Gateway on a one-OSD, in-memory Ceph cluster. */
export interface S3TestServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A new, empty bucket; its name is unique to this call. */
  createBucket(): Promise<string>;
  /** What POSTROOM_BLOB_URL=s3://bucket/prefix?forcePathStyle=true plus the AWS variables give. */
  location(bucket: string, prefix?: string): BlobBucket;
  client: S3Client;
  stop(): Promise<void>;
}

/**
 * Starts ceph-mon, ceph-osd (memstore: objects in memory) and radosgw on loopback ports, in
 * about a second. Debian 12's radosgw (Ceph 16) has no standalone database store, hence the
 * tiny cluster. Every daemon gets SIGKILL if this process dies (setpriv --pdeathsig), so a
 * crashed test leaves none behind. Missing packages fail the test, naming the install step.
 */
export async function startRadosgw(): Promise<S3TestServer> {
  const missing = BINARIES.filter((b) => !onPath(b));
  if (missing.length) throw new Error(`S3 tests need Ceph's ${missing.join(', ')}: run ${INSTALL_HINT}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'postroom-rgw-'));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, 'ceph.conf');
  const fsid = randomUUID();
  await writeFile(conf, cephConf(dir, monPort, fsid));
  for (const sub of ['run', 'log', 'mon/a', 'osd/0']) await mkdir(path.join(dir, sub), { recursive: true });
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const c = ['-c', conf];
    const keyring = path.join(dir, 'keyring');
    await run('ceph-authtool', [
      '--create-keyring',
      keyring,
      '--gen-key',
      '-n',
      'mon.',
      '--cap',
      'mon',
      'allow *',
    ]);
    await run('monmaptool', [
      '--create',
      '--add',
      'a',
      `v1:127.0.0.1:${monPort}`,
      '--fsid',
      fsid,
      `${dir}/monmap`,
    ]);
    await run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', `${dir}/monmap`, '--keyring', keyring]);
    children.push(daemon('ceph-mon', [...c, '-f', '-i', 'a']));
    const osdUuid = randomUUID();
    // `osd new` with the same uuid gives the same id, so trying it again is safe.
    const { stdout: osdId } = await monCommand([...c, '--connect-timeout', '15', 'osd', 'new', osdUuid]);
    // Placed in the CRUSH map here, not by the OSD's own start-up commands: those can race its
    // first monmap and fail with 'wrong fsid', killing the OSD (osd_crush_update_on_start off).
    await monCommand([...c, 'osd', 'crush', 'add', `osd.${osdId.trim()}`, '1.0', 'root=default']);
    await run('ceph-osd', [...c, '-i', osdId.trim(), '--mkfs', '--osd-uuid', osdUuid]);
    children.push(daemon('ceph-osd', [...c, '-f', '-i', osdId.trim()]));
    children.push(
      daemon('radosgw', [
        ...c,
        '-f',
        '-n',
        'client.rgw',
        '--rgw-frontends',
        `beast endpoint=127.0.0.1:${rgwPort}`,
      ]),
    );
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitForHttp(endpoint, children, dir);
    const accessKeyId = `AK${randomBytes(8).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(20).toString('hex');
    await run('radosgw-admin', [
      ...c,
      'user',
      'create',
      '--uid=postroom',
      '--display-name=postroom',
      `--access-key=${accessKeyId}`,
      `--secret-key=${secretAccessKey}`,
    ]);
    const region = 'us-east-1';
    const client = new S3Client({
      region,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return {
      endpoint,
      region,
      accessKeyId,
      secretAccessKey,
      client,
      async createBucket() {
        const bucket = `postroom-${randomBytes(5).toString('hex')}`;
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        return bucket;
      },
      location: (bucket, prefix = '') => ({
        kind: 's3',
        bucket,
        prefix,
        region,
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      }),
      async stop() {
        client.destroy();
        await stop();
      },
    };
  } catch (err) {
    const logs = await logTail(dir);
    await stop();
    throw new Error(`radosgw did not start: ${(err as Error).message}\n${logs}`, { cause: err });
  }
}

/**
 * One monitor, one OSD keeping objects in memory, no authentication inside the cluster (the
 * gateway still checks S3 signatures), pools of one copy and one placement group, and a fast
 * Paxos so the gateway's pools are made in milliseconds rather than a second each.
 */
function cephConf(dir: string, monPort: number, fsid: string): string {
  return `[global]
fsid = ${fsid}
mon_host = v1:127.0.0.1:${monPort}
ms_bind_msgr2 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
auth_allow_insecure_global_id_reclaim = true
osd_objectstore = memstore
memstore_device_bytes = 1073741824
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 1
osd_pool_default_pgp_num = 1
osd_pool_default_pg_autoscale_mode = off
osd_crush_chooseleaf_type = 0
osd_crush_update_on_start = false
osd_class_update_on_start = false
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 1
mon_data_avail_crit = 0
paxos_propose_interval = 0.01
paxos_min_wait = 0.001
osd_max_object_name_len = 460
osd_max_object_namespace_len = 64
run_dir = ${dir}/run
admin_socket = ${dir}/run/$name.asok
log_file = ${dir}/log/$name.log
pid_file = ${dir}/run/$name.pid
mon_data = ${dir}/mon/$id
osd_data = ${dir}/osd/$id
rgw_data = ${dir}/rgw
`;
}

function daemon(command: string, args: string[]): ChildProcess {
  const child = spawn('setpriv', ['--pdeathsig', 'KILL', '--', command, ...args], { stdio: 'ignore' });
  child.on('error', () => {}); // reported by waitForHttp as an early exit
  return child;
}

async function waitForHttp(url: string, children: ChildProcess[], dir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const dead = children.find((c) => c.exitCode !== null || c.signalCode !== null);
    if (dead) throw new Error(`${dead.spawnargs[4]} exited (${dead.exitCode ?? dead.signalCode})`);
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`no answer from ${url} within 30 s (logs in ${dir})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGKILL at once: the cluster's objects live in memory and are thrown away anyway. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function logTail(dir: string): Promise<string> {
  const tails: string[] = [];
  for (const name of ['mon.a', 'osd.0', 'client.rgw']) {
    const text = await readFile(path.join(dir, 'log', `${name}.log`), 'utf8').catch(() => '');
    if (text) tails.push(`--- ${name}.log\n${text.split('\n').slice(-15).join('\n')}`);
  }
  return tails.join('\n');
}

function onPath(binary: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, binary)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
