"use client";

import { useEffect, useState } from "react";

import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Plain-http deployments have no Clipboard API: fall back to a selected textarea.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** Copies `value` and says so, visibly and to screen readers. */
export function CopyButton({
  value,
  label = "Copy",
  variant = "secondary",
  size = "sm",
  className,
}: {
  value: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={buttonClasses(variant, size, className)}
        onClick={() =>
          writeClipboard(value).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        {state === "copied" ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Could not copy" : ""}
      </span>
    </>
  );
}
