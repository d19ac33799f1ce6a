import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import { AppError } from '../../platform/errors';

/** The most entries, and the most bytes all entries together unpack to, an archive may hold. */
export const ARCHIVE_MAX_ENTRIES = 20_000;
export const ARCHIVE_MAX_UNPACKED = 512 * 1024 * 1024;
/**
 * Unpacked bytes allowed per packed byte beyond the first 16 MB: JSON and office files pack
 * 5–20 to 1, attachments (already compressed) about 1 to 1; a ZIP bomb packs a thousand to 1.
 */
export const ARCHIVE_MAX_RATIO = 100;
const RATIO_ALLOWANCE = 16 * 1024 * 1024;
/** Packed bytes handed to the inflater at a time: one push unpacks to at most about 1,000 times this. */
const PUSH_BYTES = 16 * 1024;

/** A refused archive: HTTP 400 with the reason in the caller's language. */
export const archiveError = (reason: 'notZip' | 'damaged' | 'tooLarge' | 'tooManyEntries' | 'unsafePath' | 'version') =>
  new AppError(400, 'validation_failed', `error.companyArchive.${reason}`);

const isZip = (b: Uint8Array) => b.length > 3 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * An entry name is a relative path inside the archive: no leading slash or drive, no
 * backslash, no `.` or `..` segment, no control characters.
 */
export function safeEntryName(name: string) {
  if (!name || name.length > 400 || name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) return false;
  if (/\p{Cc}/u.test(name)) return false;
  return name.split('/').every((s, i, all) => (s !== '' || i === all.length - 1) && s !== '.' && s !== '..');
}

/**
 * Reads a ZIP held in memory into its entries, checking while it unpacks: the entry count, each
 * entry's path, the unpacked size in total and against the packed size, and that every entry
 * ends. Any breach stops the reading at once with a 400; nothing is unpacked beyond the limit.
 */
export function readArchive(data: Uint8Array): Map<string, Uint8Array> {
  if (!isZip(data)) throw archiveError('notZip');
  const entries = new Map<string, Uint8Array>();
  const open = new Set<string>();
  let refused: AppError | null = null;
  let unpacked = 0;
  const allowed = Math.min(ARCHIVE_MAX_UNPACKED, RATIO_ALLOWANCE + data.length * ARCHIVE_MAX_RATIO);
  const unzip = new Unzip((file) => {
    if (refused) return;
    if (entries.size + open.size >= ARCHIVE_MAX_ENTRIES) {
      refused = archiveError('tooManyEntries');
      return;
    }
    if (!safeEntryName(file.name)) {
      refused = archiveError('unsafePath');
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      refused = archiveError('damaged');
      return;
    }
    // A directory entry carries no data.
    if (file.name.endsWith('/')) return;
    if (entries.has(file.name) || open.has(file.name)) {
      refused = archiveError('damaged');
      return;
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    open.add(file.name);
    file.ondata = (err, chunk, final) => {
      if (refused) return;
      if (err) {
        refused = archiveError('damaged');
        return;
      }
      size += chunk.length;
      unpacked += chunk.length;
      if (unpacked > allowed) {
        refused = archiveError('tooLarge');
        file.terminate();
        return;
      }
      parts.push(chunk);
      if (final) {
        if (file.originalSize !== undefined && file.originalSize !== size) refused = archiveError('damaged');
        open.delete(file.name);
        entries.set(file.name, concat(parts, size));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length && !refused; at += PUSH_BYTES)
      unzip.push(data.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= data.length);
  } catch {
    refused ??= archiveError('damaged');
  }
  if (refused) throw refused;
  if (open.size > 0) throw archiveError('damaged');
  return entries;
}

function concat(parts: Uint8Array[], size: number) {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * An entry given whole, or read piece by piece when its turn comes (`level`: deflate level,
 * default 1, the fastest: attachments are mostly compressed already).
 */
export type ArchiveEntry =
  | { name: string; data: Uint8Array }
  | { name: string; stream: () => Promise<AsyncIterable<Uint8Array> | null>; level?: 1 | 6 };

/**
 * Writes a ZIP as a stream: entries given whole, and streamed ones piece by piece. The writer
 * waits while the reader is behind, so a slow download never holds more than a few pieces of a
 * file in memory; when the reader goes away (the download was aborted) the writing stops.
 * A failure while writing destroys the stream with the error: the answer is cut off rather
 * than ended as if it were complete.
 */
export function writeArchive(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    if (out.destroyed) return;
    out.write(chunk);
    if (final) out.end();
  });
  const gone = new Error('the reader of the archive went away');
  const drained = async () => {
    if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw gone;
  };
  void (async () => {
    for await (const e of entries) {
      if ('data' in e) {
        const f = new ZipDeflate(e.name, { level: 6 });
        zip.add(f);
        f.push(e.data, true);
      } else {
        const source = await e.stream();
        if (!source) continue;
        // A deflate stream marks its own end, which a streaming reader needs for an entry whose
        // size the header does not name yet.
        const f = new ZipDeflate(e.name, { level: e.level ?? 1 });
        zip.add(f);
        for await (const piece of source) {
          f.push(piece);
          await drained();
        }
        f.push(new Uint8Array(0), true);
      }
      await drained();
    }
    zip.end();
  })().catch((e: unknown) => {
    if (e !== gone) out.destroy(e as Error);
  });
  return out;
}
