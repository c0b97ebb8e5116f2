import { Outlet } from "react-router";

/** clean layout (seed 2.2): the content alone, without the portal chrome. */
export default function CleanLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
