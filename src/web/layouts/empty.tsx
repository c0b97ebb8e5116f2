import { Outlet } from "react-router";

/** empty layout (seed 2.2): background pattern; notifications and the mouse-lock indicator mount here. */
export default function EmptyLayout() {
  return (
    <div className="min-h-screen bg-surface-alt bg-[radial-gradient(var(--color-line)_1px,transparent_1px)] [background-size:22px_22px]">
      <main id="main" className="mx-auto max-w-3xl px-4 py-10">
        <Outlet />
      </main>
      <div id="notifications" aria-live="polite" className="fixed bottom-4 end-4 z-50 flex flex-col gap-2" />
    </div>
  );
}
