import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/utils';
import { isMissing } from './s3';

/**
 * Every upload's id, and so every object tus keeps in the bucket (`<id>`, `<id>.info`,
 * `<id>.part`), starts with this: a bucket lifecycle rule can expire them by this prefix
 * without touching `audio/`, `covers/` or `playback/` (README "Tracks").
 */
export const UPLOAD_KEY_PREFIX = 'upload-';

const unlessMissing = (error: unknown) => {
  if (!isMissing(error)) throw error;
};

/**
 * tus's S3 store, leaving nothing of an upload behind once it is removed. Its own removal
 * aborts the multipart upload first and stops when there is none to abort, which is always the
 * case once an upload has finished: the finished object and its .info stayed at the bucket's
 * root for good, beside the copy processing stored under `audio/`. Here what is still open is
 * aborted, then the object, its unfinished last part and its .info are deleted one by one
 * (DeleteObject, which every S3-compatible server has), the .info last, so a removal cut short
 * can be tried again. Expired uploads go the same way.
 */
export class BucketUploadStore extends S3Store {
  override async remove(id: string): Promise<void> {
    const multipartId = await this.getMetadata(id).then(
      (metadata) => metadata['upload-id'],
      (error: unknown) => {
        if (isMissing(error)) throw ERRORS.FILE_NOT_FOUND;
        throw error;
      },
    );
    await this.removeUpload(id, multipartId);
  }

  /** Removes the uploads begun more than the expiry ago and never finished. */
  override async deleteExpired(): Promise<number> {
    const expiry = this.getExpiration();
    if (expiry === 0) return 0;
    let removed = 0;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.client.listMultipartUploads({
        Bucket: this.bucket,
        Prefix: UPLOAD_KEY_PREFIX,
        ...markers,
      });
      for (const upload of page.Uploads ?? []) {
        const begun = upload.Initiated?.getTime() ?? Date.now();
        if (!upload.Key || !upload.UploadId || begun + expiry > Date.now()) continue;
        await this.removeUpload(upload.Key, upload.UploadId);
        removed += 1;
      }
      if (!page.IsTruncated) return removed;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  private async removeUpload(id: string, multipartId: string | undefined): Promise<void> {
    const Bucket = this.bucket;
    if (multipartId) {
      await this.client
        .abortMultipartUpload({ Bucket, Key: id, UploadId: multipartId })
        .catch(unlessMissing);
    }
    for (const Key of [id, this.partKey(id, true), this.infoKey(id)]) {
      await this.client.deleteObject({ Bucket, Key });
    }
    await this.clearCache(id);
  }
}
