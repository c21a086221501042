import type { RefParam } from "@/lib/api-reference/reference-view";

import { Table, Td, Th } from "../ui/table";
import { DocText } from "./doc-text";

/** What an operation takes: each parameter's place, type, default and meaning. */
export function ParamsTable({ label, params }: { label: string; params: RefParam[] }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>In</Th>
          <Th>Type</Th>
          <Th>Default</Th>
          <Th>Description</Th>
        </tr>
      </thead>
      <tbody>
        {params.map((p) => (
          <tr key={`${p.in}-${p.name}`} data-testid="param-row">
            <Td className="font-mono text-xs">
              {p.name}
              {p.required ? <span className="text-danger"> *</span> : null}
              {p.required ? <span className="sr-only"> (required)</span> : null}
            </Td>
            <Td className="text-muted">{p.in}</Td>
            <Td className="text-muted">{p.type}</Td>
            <Td className="text-muted font-mono text-xs">{p.default ?? "–"}</Td>
            <Td className="text-muted min-w-64 text-xs" data-testid="param-description">
              {p.description ? <DocText text={p.description} /> : "–"}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
