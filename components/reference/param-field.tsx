"use client";

import { useId, type ReactNode } from "react";

import type { RefParam } from "@/lib/api-reference/reference-view";

import { Input, Select } from "../ui/form";
import { DocText } from "./doc-text";

/**
 * One parameter of "Try it", with the control its schema calls for: a checkbox for a boolean, a select for one of a
 * set of values, a checkbox per value for a list of them, a text box otherwise. The value is the query text; an
 * empty value leaves the parameter out, so the server's default applies.
 */
export function ParamField({
  param: p,
  value,
  onChange,
}: {
  param: RefParam;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const described = p.description ? hintId : undefined;
  const name = (
    <span className="font-mono text-xs">
      {p.name}
      {p.required ? " *" : ""}
    </span>
  );
  const hint = p.description ? (
    <p id={hintId} className="text-muted text-xs">
      <DocText text={p.description} />
    </p>
  ) : null;
  let control: ReactNode;
  if (p.control === "checkbox") {
    const checked = (value || p.default) === "true";
    control = (
      <label className="flex h-9 items-center gap-2">
        <input
          type="checkbox"
          name={p.name}
          checked={checked}
          aria-describedby={described}
          // Unchecking a parameter that defaults to true has to say false; otherwise it is left out.
          onChange={(e) => onChange(e.target.checked ? "true" : p.default === "true" ? "false" : "")}
          className="accent-accent size-4"
        />
        {name}
      </label>
    );
  } else if (p.control === "select") {
    control = (
      <label className="block space-y-1">
        {name}
        <Select
          className="h-9"
          name={p.name}
          value={value}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">
            {p.default ? `default (${p.default})` : p.required ? "choose one" : "not set"}
          </option>
          {(p.enum ?? []).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
      </label>
    );
  } else if (p.control === "choices") {
    const chosen = new Set(value.split(",").filter(Boolean));
    const toggle = (v: string, on: boolean) => {
      if (on) chosen.add(v);
      else chosen.delete(v);
      onChange((p.enum ?? []).filter((x) => chosen.has(x)).join(","));
    };
    control = (
      <fieldset aria-describedby={described}>
        <legend>{name}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(p.enum ?? []).map((v) => (
            <label key={v} className="flex items-center gap-1.5 font-mono text-xs">
              <input
                type="checkbox"
                checked={chosen.has(v)}
                onChange={(e) => toggle(v, e.target.checked)}
                className="accent-accent size-4"
              />
              {v}
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else {
    control = (
      <label className="block space-y-1">
        {name}
        <Input
          className="h-9"
          name={p.name}
          value={value}
          placeholder={p.default ?? ""}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    );
  }
  return (
    <div className="space-y-1 text-sm" data-testid="try-param" data-control={p.control}>
      {control}
      {hint}
    </div>
  );
}
