import type { Readable } from "node:stream";

/** The largest `moov` box read into memory (a long film's sample tables stay well below it). */
const MAX_MOOV = 32 * 1024 * 1024;

/**
 * The duration in seconds of an MP4 read from a stream, from its movie header (`moov` → `mvhd`: timescale and
 * duration), or null when the stream has none. Top-level boxes other than `moov` are skipped as they pass (the media
 * data is never held in memory), so memory stays flat whatever the file's size; the stream is closed once `moov` is read.
 */
export async function mp4DurationSeconds(body: Readable | AsyncIterable<Uint8Array>): Promise<number | null> {
  let buf = Buffer.alloc(0);
  let skip = 0; // bytes of the current non-moov box still to pass
  let moovLeft = -1; // >= 0 while collecting a moov box
  let moov: Buffer[] = [];
  const iter = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await iter.next();
      if (next.done) return null;
      let chunk = Buffer.from(next.value);
      while (chunk.length) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length);
          skip -= n;
          chunk = chunk.subarray(n);
          continue;
        }
        if (moovLeft >= 0) {
          const n = Math.min(moovLeft, chunk.length);
          moov.push(chunk.subarray(0, n));
          moovLeft -= n;
          chunk = chunk.subarray(n);
          if (moovLeft === 0) return durationFromMoov(Buffer.concat(moov));
          continue;
        }
        buf = Buffer.concat([buf, chunk]);
        chunk = Buffer.alloc(0);
        while (buf.length >= 8 && skip === 0 && moovLeft < 0) {
          let size = buf.readUInt32BE(0);
          const type = buf.toString("latin1", 4, 8);
          let header = 8;
          if (size === 1) {
            if (buf.length < 16) break;
            size = Number(buf.readBigUInt64BE(8));
            header = 16;
          } else if (size === 0) return null; // box to the end of the file: no moov after it
          if (size < header) return null;
          if (type === "moov") {
            if (size > MAX_MOOV) return null;
            moov = [];
            moovLeft = size - header;
            const rest = buf.subarray(header);
            buf = Buffer.alloc(0);
            chunk = rest;
          } else {
            const have = buf.length;
            if (have >= size) buf = buf.subarray(size);
            else {
              skip = size - have;
              buf = Buffer.alloc(0);
            }
          }
        }
        if (moovLeft === 0) return durationFromMoov(Buffer.concat(moov));
      }
    }
  } finally {
    await iter.return?.();
    if (typeof (body as Readable).destroy === "function") (body as Readable).destroy();
  }
}

/** Reads `mvhd` among the children of a `moov` box's payload. */
export function durationFromMoov(moov: Buffer): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const size = moov.readUInt32BE(at);
    const type = moov.toString("latin1", at + 4, at + 8);
    if (size < 8) return null;
    if (type === "mvhd") {
      const p = at + 8;
      const version = moov[p];
      if (version === 1) {
        if (p + 32 > moov.length) return null;
        const timescale = moov.readUInt32BE(p + 20);
        const duration = Number(moov.readBigUInt64BE(p + 24));
        return timescale ? duration / timescale : null;
      }
      if (p + 20 > moov.length) return null;
      const timescale = moov.readUInt32BE(p + 12);
      const duration = moov.readUInt32BE(p + 16);
      return timescale ? duration / timescale : null;
    }
    at += size;
  }
  return null;
}

/** A minimal MP4 (ftyp + mvhd in moov + mdat) of `seconds`, for demo data and tests: what `mp4DurationSeconds` reads. */
export function sampleMp4(seconds: number, mdatBytes = 64): Buffer {
  const box = (type: string, payload: Buffer) => {
    const b = Buffer.alloc(8 + payload.length);
    b.writeUInt32BE(8 + payload.length, 0);
    b.write(type, 4, "latin1");
    payload.copy(b, 8);
    return b;
  };
  const ftyp = box("ftyp", Buffer.concat([Buffer.from("isom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41", "latin1")]));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(0, 0); // version 0, flags
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(Math.round(seconds * 1000), 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  mvhd.writeUInt32BE(2, 96); // next track id
  const moov = box("moov", box("mvhd", mvhd));
  const mdat = box("mdat", Buffer.alloc(mdatBytes));
  return Buffer.concat([ftyp, mdat, moov]);
}
