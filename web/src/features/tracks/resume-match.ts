/**
 * Matching the files a person chooses again after a reload to the items of their unfinished
 * batch (spec §4 Upload: "files matched to items (matched or missing)").
 */

/** What the browser keeps of an item of a batch, so it can go on after a reload. */
export type StoredUpload = {
  key: string;
  fileName: string;
  size: number;
  lastModified: number;
  /** The tus upload's address once the server made it; null before the first byte. */
  uploadUrl: string | null;
};

/** A chosen file, as far as matching needs it (a File has all of these). */
export type FileFacts = { name: string; size: number; lastModified: number };

export type ResumeMatch<F extends FileFacts> = {
  matched: { item: StoredUpload; file: F }[];
  /** Items no chosen file fits: still to be chosen. */
  missing: StoredUpload[];
  /** Chosen files that fit no item: new uploads. */
  extra: F[];
};

/**
 * Pairs each item with one chosen file: first by name, size and modification time, then (a
 * copy of the file keeps its bytes but not its date) by name and size. The size must always
 * agree: the server resumes from its offset, so a different file would be corrupted.
 */
export function matchFiles<F extends FileFacts>(
  items: readonly StoredUpload[],
  files: readonly F[],
): ResumeMatch<F> {
  const free = [...files];
  const pairs = new Map<string, F>();
  const take = (item: StoredUpload, fits: (file: F) => boolean) => {
    if (pairs.has(item.key)) return;
    const index = free.findIndex(fits);
    if (index < 0) return;
    pairs.set(item.key, free[index]!);
    free.splice(index, 1);
  };
  const sameFile = (item: StoredUpload) => (file: F) =>
    file.name === item.fileName && file.size === item.size;
  for (const item of items) {
    take(item, (file) => sameFile(item)(file) && file.lastModified === item.lastModified);
  }
  for (const item of items) take(item, sameFile(item));
  return {
    matched: items.flatMap((item) => {
      const file = pairs.get(item.key);
      return file ? [{ item, file }] : [];
    }),
    missing: items.filter((item) => !pairs.has(item.key)),
    extra: free,
  };
}
