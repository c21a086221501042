"use client";

import { useId } from "react";

import { cn } from "./cn";

/** A row of mutually exclusive choices (radio buttons styled as a segmented control); arrow keys move between them. */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: T; label: string }>;
  value: T;
  onChange: (v: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="border-line bg-subtle inline-flex rounded-lg border p-0.5">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <label
          key={String(o.value)}
          className={cn(
            "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
            "has-[:focus-visible]:outline-accent has-[:focus-visible]:outline-2",
            o.value === value ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
          )}
        >
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={String(o.value)}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
