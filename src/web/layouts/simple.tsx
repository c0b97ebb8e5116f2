import { Outlet } from "react-router";

/** simple layout (seed 2.2): the content alone, without the portal chrome. */
export default function SimpleLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
