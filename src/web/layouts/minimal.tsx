import { Outlet } from "react-router";

/** minimal layout (seed 2.2): the content alone, without the portal chrome. */
export default function MinimalLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}
