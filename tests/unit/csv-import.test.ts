import { describe, expect, it } from "vitest";
import { csvText, parseCsv, readSheet } from "@api/resources/spreadsheet";

/**
 * CSV imports (issue 27 item 10): parsed by csv-parse, read as UTF-8 (with or without BOM) or as the GBK/GB18030
 * that Excel on Chinese Windows saves, and refused clearly when the bytes are neither.
 */
const csvFile = (bytes: BlobPart, name = "users.csv") => new File([bytes], name, { type: "text/csv" });

/** "姓名,电话\r\n王小明,13900000001\r\n" as Excel on Chinese Windows writes it (GBK; no encoder in Node, so the bytes). */
const GBK = Buffer.from("d0d5c3fb2cb5e7bbb00d0acdf5d0a1c3f72c31333930303030303030310d0a", "hex");

describe("parseCsv (csv-parse)", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('name,remark\r\n"Li, Duo","she said ""hi"""\r\n"two","line one\r\nline two"\r\n')).toEqual([
      ["name", "remark"],
      ["Li, Duo", 'she said "hi"'],
      ["two", "line one\r\nline two"],
    ]);
  });

  it("drops a UTF-8 BOM and reads CRLF, LF and a last line without its break alike", () => {
    expect(parseCsv("\uFEFFa,b\r\n1,2\n3,4")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("keeps a blank line as a row, so row numbers in the error report are the file's", () => {
    expect(parseCsv("a,b\r\n\r\n1,2\r\n")).toEqual([["a", "b"], [""], ["1", "2"]]);
  });

  it("rows of different lengths are read (a trailing empty column may be left out)", () => {
    expect(parseCsv("a,b,c\r\n1,2\r\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2"],
    ]);
  });

  it("an unclosed quote is an error, not a silently merged row", () => {
    expect(() => parseCsv('a,b\r\n"1,2\r\n')).toThrow();
  });
});

describe("csvText: the file's encoding", () => {
  it("UTF-8 with and without the BOM", () => {
    expect(csvText(Buffer.from("\uFEFF姓名,电话\r\n"))).toBe("姓名,电话\r\n");
    expect(csvText(Buffer.from("姓名,电话\r\n"))).toBe("姓名,电话\r\n");
  });

  it("GBK from Excel on Chinese Windows is decoded as GB18030", () => {
    expect(csvText(GBK)).toBe("姓名,电话\r\n王小明,13900000001\r\n");
  });

  it("bytes that are neither UTF-8 nor GB18030 are refused (null), never guessed", () => {
    expect(csvText(Uint8Array.from([0x61, 0x2c, 0xff, 0xfe, 0x80, 0x0d, 0x0a]))).toBeNull();
  });
});

describe("readSheet on an uploaded .csv", () => {
  it("a GBK file reads as the same rows as its UTF-8 copy", async () => {
    const utf8 = await readSheet(csvFile("\uFEFF姓名,电话\r\n王小明,13900000001\r\n"));
    expect(utf8).toEqual([
      ["姓名", "电话"],
      ["王小明", "13900000001"],
    ]);
    expect(await readSheet(csvFile(GBK))).toEqual(utf8);
  });

  it("an unreadable encoding is its own problem (a clear message), a broken CSV the generic one", async () => {
    expect(await readSheet(csvFile(Uint8Array.from([0xff, 0xfe, 0x80, 0x81])))).toBe("badEncoding");
    expect(await readSheet(csvFile('a,b\r\n"1,2\r\n'))).toBe("badFile");
  });

  it("the quote an export put before a formula character is dropped on import", async () => {
    expect(await readSheet(csvFile("a\r\n'=1+1\r\n"))).toEqual([["a"], ["=1+1"]]);
  });
});
