"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { cn } from "../ui/cn";
import {
  BookIcon,
  ChartIcon,
  CodeIcon,
  GraphIcon,
  HomeIcon,
  KeyIcon,
  LayersIcon,
  NewspaperIcon,
  RankingIcon,
  SearchIcon,
} from "../ui/icons";

interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
}

export const NAV_SECTIONS: Array<{ title: string; items: NavItem[] }> = [
  {
    title: "News",
    items: [
      { href: "/dashboard", label: "Overview", icon: <HomeIcon /> },
      { href: "/stories", label: "Stories", icon: <NewspaperIcon /> },
      { href: "/entities", label: "Entities", icon: <GraphIcon /> },
      { href: "/sources", label: "Sources", icon: <RankingIcon /> },
      { href: "/search", label: "Search", icon: <SearchIcon /> },
    ],
  },
  {
    title: "Developers",
    items: [
      { href: "/keys", label: "API keys", icon: <KeyIcon /> },
      { href: "/usage", label: "Usage", icon: <ChartIcon /> },
      { href: "/reference", label: "API reference", icon: <CodeIcon /> },
      { href: "/plans", label: "Plans", icon: <LayersIcon /> },
      { href: "/docs", label: "Docs", icon: <BookIcon /> },
    ],
  },
];

/** The dashboard's navigation, marking the current page for sighted and screen-reader users alike. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const path = usePathname();
  return (
    <div className="space-y-6">
      {NAV_SECTIONS.map((section) => (
        <div key={section.title}>
          <p className="text-muted px-3 pb-1.5 text-xs font-medium tracking-wide uppercase">
            {section.title}
          </p>
          <ul className="space-y-0.5">
            {section.items.map((item) => {
              const current = path === item.href || path.startsWith(`${item.href}/`);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      current ? "bg-accent/10 text-accent" : "text-muted hover:bg-subtle hover:text-fg",
                    )}
                  >
                    {item.icon}
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
