import { z } from "zod";

export const KeyParams = z.object({ id: z.string().regex(/^key_[0-9a-f]{16}$/, "must be a key id") });
