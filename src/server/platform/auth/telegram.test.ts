import { describe, expect, it } from "vitest";
import { verifyTelegramLogin } from "./telegram";

// The vector of shared/reference/providers.md.
const BOT = "777777777:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const FIELDS = {
  id: "666666666",
  first_name: "Some",
  last_name: "Guy",
  username: "my_username",
  photo_url: "https://t.me/i/userpic/320/my_username.jpg",
  auth_date: "1543194375",
  hash: "a9cf12636fb07b54b4c95673d017a72364472c41a760b6850bcd5405da769f80",
};
const AT_LOGIN = 1543194375 + 60;

describe("verifyTelegramLogin", () => {
  it("accepts the reference vector within the age window", () => {
    expect(verifyTelegramLogin(FIELDS, BOT, AT_LOGIN)).toEqual({
      id: "666666666",
      firstName: "Some",
      lastName: "Guy",
      username: "my_username",
      authDate: 1543194375,
    });
  });

  it("refuses any changed field, another bot token, a missing or malformed hash", () => {
    expect(verifyTelegramLogin({ ...FIELDS, first_name: "Other" }, BOT, AT_LOGIN)).toBeNull();
    expect(verifyTelegramLogin({ ...FIELDS, extra: "1" }, BOT, AT_LOGIN)).toBeNull();
    expect(verifyTelegramLogin(FIELDS, "777777777:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", AT_LOGIN)).toBeNull();
    const { hash: _hash, ...noHash } = FIELDS;
    expect(verifyTelegramLogin(noHash, BOT, AT_LOGIN)).toBeNull();
    expect(verifyTelegramLogin({ ...FIELDS, hash: "zz" }, BOT, AT_LOGIN)).toBeNull();
    expect(verifyTelegramLogin({ ...FIELDS, hash: FIELDS.hash.slice(0, 62) + "00" }, BOT, AT_LOGIN)).toBeNull();
  });

  it("refuses a login older than a day, or dated in the future", () => {
    expect(verifyTelegramLogin(FIELDS, BOT, 1543194375 + 24 * 3600 + 1)).toBeNull();
    expect(verifyTelegramLogin(FIELDS, BOT, 1543194375 - 3600)).toBeNull();
    expect(verifyTelegramLogin(FIELDS, BOT, 1543194375 + 24 * 3600)).not.toBeNull();
  });
});
