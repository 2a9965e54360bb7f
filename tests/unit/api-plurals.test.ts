import { describe, expect, it } from "vitest";
import { rt } from "@api/resources/i18n";

/** The API's replies say "1 user imported", not "1 users imported" (the kindergarten admin's journey imports one row). */
describe("the API's messages with a count", () => {
  it("use the language's plural form when the text has one", () => {
    expect(rt("en", "usermgmt:users.messages.imported", { count: 1 })).toBe("1 user imported");
    expect(rt("en", "usermgmt:users.messages.imported", { count: 2 })).toBe("2 users imported");
    expect(rt("en", "resources:places.messages.bulkDeleted", { count: 1 })).toBe("1 place deleted");
    expect(rt("zh", "usermgmt:users.messages.imported", { count: 1 })).toBe("已导入 1 个用户");
    expect(rt("zh", "usermgmt:users.messages.imported", { count: 3 })).toBe("已导入 3 个用户");
  });
});
