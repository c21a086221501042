import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";

import { cn } from "./cn";

/** A data table that scrolls sideways inside its own box on narrow screens. */
export function Table({ className, label, ...rest }: HTMLAttributes<HTMLTableElement> & { label: string }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table
        className={cn(
          "w-full border-collapse text-left text-sm [&_tbody_tr:last-child_td]:border-b-0",
          className,
        )}
        {...rest}
      />
    </div>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        "border-line text-muted border-b px-4 py-2.5 text-xs font-medium tracking-wide whitespace-nowrap uppercase",
        className,
      )}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("border-line border-b px-4 py-3 align-middle", className)} {...rest} />;
}
