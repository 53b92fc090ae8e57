import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where blobs (rendered PDFs, uploads, print batches) live: a local folder or an S3 bucket. */
export type BlobLocation = BlobFolder | BlobBucket;

export interface BlobFolder {
  kind: 'folder';
  dir: string;
}

export interface BlobBucket {
  kind: 's3';
  bucket: string;
  /** Prepended to every key (`prefix/letters/...`); '' for the bucket's root. */
  prefix: string;
  region: string;
  /** An S3-compatible server (Ceph RGW, MinIO, R2, ...); unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`: most self-run servers need it. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (shared config files, web identity, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** The standard AWS variables, read by config.ts (the one place that reads the environment). */
export interface AwsEnv {
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
}

const NAME = 'POSTROOM_BLOB_URL';
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const QUERY_OPTIONS = new Set(['forcePathStyle']);

/**
 * POSTROOM_BLOB_URL: unset means the folder `${POSTROOM_DATA_DIR}/blobs` (decided where the data
 * dir is known, since tests move it); `file:///abs/dir` another folder; `s3://bucket/prefix`
 * (optionally `?forcePathStyle=true`) a bucket, reached with the standard AWS variables. A value
 * that does not read as one of these is refused at start-up, naming the variable.
 */
export function parseBlobLocation(raw: string | undefined, aws: AwsEnv): BlobLocation | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${NAME} must be a file:// or s3:// URL, got "${raw}"`);
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) throw new Error(`${NAME}: a file:// URL takes no query, got "${raw}"`);
    return { kind: 'folder', dir: fileURLToPath(url) };
  }
  if (url.protocol !== 's3:') throw new Error(`${NAME} must be a file:// or s3:// URL, got "${raw}"`);
  return { kind: 's3', ...bucketOf(url, raw!), ...awsOf(aws) };
}

function bucketOf(url: URL, raw: string) {
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || url.port || url.username || url.password || url.hash)
    throw new Error(`${NAME} must read s3://bucket/prefix with a valid bucket name, got "${raw}"`);
  // The path as written: URL parsing would quietly resolve `a/../b` to `b`.
  const written = /^s3:\/\/[^/?#]*([^?#]*)/i.exec(raw.trim())?.[1] ?? '';
  const prefix = written.replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((s) => PREFIX_SEGMENT.test(s) && !s.includes('..')))
    throw new Error(
      `${NAME}: the prefix may hold only letters, digits, '.', '_', '-' and '/', got "${prefix}"`,
    );
  for (const name of url.searchParams.keys())
    if (!QUERY_OPTIONS.has(name))
      throw new Error(`${NAME}: unknown option "${name}" (known: forcePathStyle)`);
  const style = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!/^(true|false)$/.test(style))
    throw new Error(`${NAME}: forcePathStyle must be true or false, got "${style}"`);
  return { bucket, prefix, forcePathStyle: style === 'true' };
}

function awsOf(aws: AwsEnv) {
  const endpoint = aws.endpoint?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    throw new Error(`AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL must be an http(s) URL, got "${endpoint}"`);
  const { accessKeyId, secretAccessKey, sessionToken } = aws;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  return {
    region: aws.region?.trim() || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
  };
}

/** How an operator finds a blob: a path for the folder store, an s3:// URL for a bucket. */
export function blobRootLabel(location: BlobLocation): string {
  if (location.kind === 'folder') return location.dir;
  return `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
}

/** Config.blobStore, with "unset" made the folder under the data dir. */
export function blobLocationOf(config: {
  blobStore: BlobLocation | undefined;
  dataDir: string;
}): BlobLocation {
  return config.blobStore ?? { kind: 'folder', dir: path.join(config.dataDir, 'blobs') };
}
