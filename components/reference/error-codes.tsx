import type { RefErrorCode } from "@/lib/api-reference/reference-view";

import { Table, Td, Th } from "../ui/table";

/** Every error code of the API, by status: clients branch on the code, never the message. */
export function ErrorCodes({ errors }: { errors: RefErrorCode[] }) {
  return (
    <Table label="Error codes" data-testid="error-codes">
      <thead>
        <tr>
          <Th>Status</Th>
          <Th>Code</Th>
          <Th>When</Th>
        </tr>
      </thead>
      <tbody>
        {errors.map((e) => (
          <tr key={e.code}>
            <Td className="font-mono tabular-nums">{e.status ?? "–"}</Td>
            <Td className="font-mono text-xs">{e.code}</Td>
            <Td className="text-muted">{e.meaning.replace(/`/g, "") || "Not tied to one operation."}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
