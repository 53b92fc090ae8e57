import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobBucket } from '../config/blob-location.js';
import {
  assertValidBlobKey,
  type BlobBody,
  type BlobInfo,
  type BlobStore,
  type BlobStream,
  type PutOptions,
  type StoredBlob,
} from './blob-store.js';

const DEFAULT_TYPE = 'application/octet-stream';
/** Streams of unknown length go up in parts of this size, two at a time (16 MiB held at most). */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/**
 * Blobs as objects in one S3 bucket under an optional prefix. A PutObject, or a multipart
 * upload's completion, replaces an object whole, so readers see the old blob or the new one,
 * never half of one; a failed multipart upload is aborted, leaving no parts behind. The content
 * type is the object's own Content-Type.
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(location: BlobBucket) {
    this.#bucket = location.bucket;
    this.#prefix = location.prefix ? `${location.prefix}/` : '';
    this.#client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // The SDK's default adds CRC checksums (and aws-chunked bodies for streams) that many
      // S3-compatible servers (Ceph RGW before Squid, older MinIO) refuse; send them only where
      // an operation requires one. SigV4 still signs every request, and TLS guards the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Fails at start-up, not at the first render, when the bucket is missing or unreachable. */
  async check(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (err) {
      const status = statusOf(err);
      throw new Error(
        `blob store: bucket "${this.#bucket}" is not usable (${status ?? (err as Error).name}: ${(err as Error).message || 'no detail'})`,
        { cause: err },
      );
    }
  }

  async put(key: string, body: BlobBody, options: PutOptions = {}): Promise<BlobInfo> {
    const Key = this.objectKey(key);
    const contentType = options.contentType ?? DEFAULT_TYPE;
    const target = { Bucket: this.#bucket, Key, ContentType: contentType };
    if (body instanceof Uint8Array) {
      await this.#client.send(new PutObjectCommand({ ...target, Body: body }));
      return { key, size: body.length, contentType };
    }
    let size = 0;
    const counted = new Transform({
      transform(chunk: Uint8Array, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing source fails the upload (pipeline carries its error into `counted`).
    pipeline(Readable.from(body), counted, () => {});
    const upload = new Upload({
      client: this.#client,
      params: { ...target, Body: counted },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } finally {
      counted.destroy(); // a refused upload stops reading: let the source go too
    }
    return { key, size, contentType };
  }

  async get(key: string): Promise<StoredBlob | null> {
    const object = await this.getObject(key);
    if (!object) return null;
    const bytes = await object.Body!.transformToByteArray();
    return { key, size: bytes.length, contentType: object.ContentType ?? DEFAULT_TYPE, bytes };
  }

  async stream(key: string): Promise<BlobStream | null> {
    const object = await this.getObject(key);
    if (!object) return null;
    return {
      key,
      size: object.ContentLength ?? 0,
      contentType: object.ContentType ?? DEFAULT_TYPE,
      stream: object.Body as Readable,
    };
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key }));
      return true;
    } catch (err) {
      if (isMissingObject(err)) return false;
      throw err;
    }
  }

  /** S3 deletes quietly whether or not the key was there, so ask first (as the folder store does). */
  async delete(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const existed = await this.exists(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key }));
    return existed;
  }

  /** Idle keep-alive sockets are closed; the store is unusable after. */
  close(): void {
    this.#client.destroy();
  }

  private objectKey(key: string): string {
    assertValidBlobKey(key);
    return this.#prefix + key;
  }

  private async getObject(key: string) {
    const Key = this.objectKey(key);
    try {
      return await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key }));
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * A missing key: NoSuchKey from GetObject, a bare 404 (NotFound) from HeadObject, whose answer
 * has no body to say more. A missing bucket is a broken deployment, not a missing blob: it
 * throws (GetObject names it; HeadObject cannot, but check() refused it at start-up).
 */
function isMissingObject(err: unknown): boolean {
  const name = (err as Error).name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}
