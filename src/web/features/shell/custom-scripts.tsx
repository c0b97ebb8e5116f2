import { useRootData } from "../../root-data";
import { useNonce } from "./nonce";

/** Portal custom scripts run only when integrations.enabledCustomScripts is on (seed 2.2). */
export function CustomScripts() {
  const data = useRootData();
  const nonce = useNonce();
  const integrations = data?.settings.environment.integrations;
  if (!integrations?.enabledCustomScripts) return null;
  return (
    <>
      {integrations.customScripts.map((s) =>
        s.src ? (
          <script key={s.id} src={s.src} async nonce={nonce} data-custom-script={s.id} />
        ) : s.code ? (
          <script key={s.id} nonce={nonce} data-custom-script={s.id} dangerouslySetInnerHTML={{ __html: s.code }} />
        ) : null,
      )}
    </>
  );
}
