import { Outlet } from "react-router";

/** rcallback layout (seed 2.2): the content alone, without the portal chrome. */
export default function RcallbackLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
