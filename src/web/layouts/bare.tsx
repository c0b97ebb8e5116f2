import { Outlet } from "react-router";

/** bare layout (seed 2.2): the content alone, without the portal chrome. */
export default function BareLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
