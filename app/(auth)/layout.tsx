import type { ReactNode } from "react";

import { Logo } from "@/components/shell/logo";
import { ThemeToggle } from "@/components/theme/theme-toggle";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between px-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-16">
        <div className="border-line bg-surface w-full max-w-sm rounded-xl border p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
