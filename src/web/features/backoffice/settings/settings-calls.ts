import {
  type TEnvironmentSettingsPut,
  type TPortalSettingsPut,
  type TRegistrationSettingsPut,
  ZAdminEnvironmentSettings,
  ZAdminPortalSettings,
  ZAdminRegistrationSettings,
  ZLanguagePackGap,
} from "../../../../domain/backoffice-settings";
import { api } from "../../../lib/api";

/* The back office's settings API (issue 16) as its screens call it; imported by those screens only (decision 0020). */

export const putPortalSettings = (body: TPortalSettingsPut) => api.send("PUT", "/api/admin/settings/portal", ZAdminPortalSettings, body);
export const putEnvironmentSettings = (body: TEnvironmentSettingsPut) => api.send("PUT", "/api/admin/settings/environment", ZAdminEnvironmentSettings, body);
export const putRegistrationSettings = (body: TRegistrationSettingsPut) =>
  api.send("PUT", "/api/admin/settings/registration", ZAdminRegistrationSettings, body);
export const getLanguagePackGap = (lang: string, signal?: AbortSignal) =>
  api.get(`/api/admin/settings/language-packs/${encodeURIComponent(lang)}`, ZLanguagePackGap, signal);
