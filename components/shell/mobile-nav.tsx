"use client";

import { useEffect, useId, useState } from "react";

import { CloseIcon, MenuIcon } from "../ui/icons";
import { NavLinks } from "./nav-links";

/** The navigation on narrow screens: a menu button that opens the links as a panel below the top bar. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="text-muted hover:bg-subtle hover:text-fg inline-flex size-9 items-center justify-center rounded-md"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        aria-label="Dashboard"
        hidden={!open}
        className="border-line bg-surface absolute inset-x-0 top-14 z-40 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b p-4 shadow-lg"
      >
        <NavLinks onNavigate={() => setOpen(false)} />
      </nav>
    </div>
  );
}
