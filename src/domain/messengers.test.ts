import { describe, expect, it } from "vitest";
import { formatConnectCode, isWellFormedConnectCode, messengerDeepLink, normalizeConnectCode, telegramBotName } from "./messengers";

describe("connect codes", () => {
  it("formats as two groups of four and reads back whatever case, spaces and dashes the visitor typed", () => {
    expect(formatConnectCode("ABCD2345")).toBe("ABCD-2345");
    expect(normalizeConnectCode(" abcd-2345 ")).toBe("ABCD2345");
    expect(normalizeConnectCode("ab cd 23 45")).toBe("ABCD2345");
  });

  it("accepts only eight letters of the alphabet without look-alikes", () => {
    expect(isWellFormedConnectCode("ABCD2345")).toBe(true);
    expect(isWellFormedConnectCode("ABCD234")).toBe(false);
    expect(isWellFormedConnectCode("ABCD2340")).toBe(false);
    expect(isWellFormedConnectCode("ABCDI345")).toBe(false);
    expect(isWellFormedConnectCode("ABCD23456")).toBe(false);
  });
});

describe("messengerDeepLink", () => {
  it("opens WhatsApp's chat with the portal number and the code as the message", () => {
    expect(messengerDeepLink("whatsapp", "+90 555 000-11-22", "ABCD2345")).toBe("https://wa.me/905550001122?text=ABCD-2345");
    expect(messengerDeepLink("whatsapp", "https://wa.me/905550001122", "ABCD2345")).toBe("https://wa.me/905550001122?text=ABCD-2345");
  });

  it("opens the Viber public account with the code as context and text", () => {
    expect(messengerDeepLink("viber", "mentora", "ABCD2345")).toBe("viber://pa?chatURI=mentora&context=ABCD2345&text=ABCD-2345");
    expect(messengerDeepLink("viber", "viber://pa?chatURI=mentora", "ABCD2345")).toBe("viber://pa?chatURI=mentora&context=ABCD2345&text=ABCD-2345");
  });

  it("opens the Messenger page with the code as ref", () => {
    expect(messengerDeepLink("facebookmessenger", "mentora.page", "ABCD2345")).toBe("https://m.me/mentora.page?ref=ABCD2345");
    expect(messengerDeepLink("facebookmessenger", "https://m.me/mentora.page", "ABCD2345")).toBe("https://m.me/mentora.page?ref=ABCD2345");
  });

  it("gives no link for endpoints that are not the messenger's own kind of address", () => {
    expect(messengerDeepLink("whatsapp", "javascript:alert(1)", "ABCD2345")).toBeNull();
    expect(messengerDeepLink("viber", "javascript:alert(1)", "ABCD2345")).toBeNull();
    expect(messengerDeepLink("facebookmessenger", "http://m.me/x", "ABCD2345")).toBeNull();
    expect(messengerDeepLink("facebookmessenger", "bad page/name", "ABCD2345")).toBeNull();
    expect(messengerDeepLink("whatsapp", "no digits", "ABCD2345")).toBeNull();
    expect(messengerDeepLink("whatsapp", "  ", "ABCD2345")).toBeNull();
  });
});

describe("telegramBotName", () => {
  it("reads the bot's username from a name, an @name or a t.me link", () => {
    expect(telegramBotName("mentora_bot")).toBe("mentora_bot");
    expect(telegramBotName(" @mentora_bot ")).toBe("mentora_bot");
    expect(telegramBotName("https://t.me/mentora_bot")).toBe("mentora_bot");
  });
  it("refuses anything that is not a Telegram username", () => {
    expect(telegramBotName("mentora bot")).toBeNull();
    expect(telegramBotName("https://evil.example/mentora_bot")).toBeNull();
    expect(telegramBotName('x" onload="alert(1)')).toBeNull();
    expect(telegramBotName("")).toBeNull();
  });
});
