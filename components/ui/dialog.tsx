"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

import { CloseIcon } from "./icons";

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape, restores focus to the opener and
 * makes the page behind inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className="border-line bg-surface text-fg m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border p-0 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4 px-5 pt-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <div id={descId} className="text-muted mt-1 text-sm">
              {description}
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="text-muted hover:bg-subtle hover:text-fg -mt-1 -mr-1 rounded-md p-1.5"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="px-5 pt-4 pb-5">{open ? children : null}</div>
    </dialog>
  );
}
