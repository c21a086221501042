import Link from "next/link";

import { LogoMark } from "../ui/icons";

export function Logo({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight">
      <span className="bg-accent text-accent-fg flex size-7 items-center justify-center rounded-md">
        <LogoMark size={16} />
      </span>
      <span>Lede</span>
    </Link>
  );
}
