import { describe, expect, it } from "vitest";
import { NO_PROVIDERS, type TProviders } from "../../../domain/providers";
import { ScenarioEngine } from "../../../domain/scenario/engine";
import { guestUser, type TUser } from "../../../domain/user";
import { identityScenarios, type ScenarioCtx } from "./scenarios";

function setup(opts: { user?: Partial<TUser>; providers?: Partial<TProviders>; email?: boolean; anonymous?: boolean } = {}) {
  const user: TUser = { ...guestUser(), ...opts.user };
  const ctx: ScenarioCtx = {
    get signedIn() {
      return user.id !== "guest" && user.status !== "session";
    },
    lang: "en",
    registration: { email: opts.email ?? true, anonymous: opts.anonymous ?? false, swapPopups: false, gdpr: false },
    providers: { ...NO_PROVIDERS, ...opts.providers },
    user: () => user,
    createSession: async () => true,
    navigate: () => undefined,
    welcome: () => undefined,
  };
  return new ScenarioEngine<ScenarioCtx>(identityScenarios(), () => ctx);
}

const signedIn: Partial<TUser> = { id: "u1", status: "active", roles: ["disciple"] };

describe("mixed login (seed 001 §4)", () => {
  it("shows the choice screen as mixed-login when e-mail and a provider are on", async () => {
    const engine = setup({ providers: { messengers: ["whatsapp"] } });
    await engine.start("login");
    expect(engine.state.step).toMatchObject({ id: "login", component: "mixed-login" });
  });

  it("goes straight to e-mail login when e-mail is the only way", async () => {
    const engine = setup();
    await engine.start("login");
    expect(engine.state.step?.id).toBe("login-by-email");
  });

  it("a provider alone still gets the choice screen (its buttons live there)", async () => {
    const engine = setup({ email: false, providers: { facebook: true } });
    await engine.start("login");
    expect(engine.state.step?.component).toBe("mixed-login");
  });

  it("has a scenario of its own that signed-in learners skip", async () => {
    const guest = setup({ providers: { google: true } });
    await guest.start("mixed-login");
    expect(guest.state.step?.component).toBe("mixed-login");
    const member = setup({ user: signedIn, providers: { google: true } });
    await member.start("mixed-login");
    expect(member.state.visible).toBe(false);
  });
});

describe("messengers-login and messengers-login-hs", () => {
  it("messengers-login shows the messenger popup to guests and session users, not to signed-in learners", async () => {
    const guest = setup({ providers: { messengers: ["telegram", "viber"] } });
    await guest.start("messengers-login");
    expect(guest.state).toMatchObject({ visible: true, step: { id: "messengers-login", component: "messengers-login" } });
    const session = setup({ user: { id: "s1", status: "session" }, providers: { messengers: ["telegram"] } });
    await session.start("messengers-login");
    expect(session.state.visible).toBe(true);
    const member = setup({ user: signedIn, providers: { messengers: ["telegram"] } });
    await member.start("messengers-login");
    expect(member.state.visible).toBe(false);
  });

  it("messengers-login-hs is for signed-in learners, and only when a messenger can be connected", async () => {
    const member = setup({ user: signedIn, providers: { messengers: ["whatsapp"] } });
    await member.start("messengers-login-hs");
    expect(member.state).toMatchObject({ visible: true, step: { id: "messengers-login-hs" } });
    const none = setup({ user: signedIn });
    await none.start("messengers-login-hs");
    expect(none.state.visible).toBe(false);
  });
});
