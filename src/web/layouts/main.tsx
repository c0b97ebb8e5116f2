import { Outlet } from "react-router";
import { Shell } from "../features/shell/shell";

/** main/landing layout (seed 2.2): logo, navigation, language dropdown, content pages. */
export default function MainLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
