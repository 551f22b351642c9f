import { z } from "zod";

// Request bodies of the vault's routes, shared with the vault's dialogs (client-safe).
const GROUP = "Choose the group you were asked for";

export const confirmRecoveryKeySchema = z.object({
  group: z.number({ error: GROUP }).int(GROUP).min(1, GROUP).max(8, GROUP),
  value: z
    .string({ error: "Type that group of your recovery key" })
    .trim()
    .min(1, "Type that group of your recovery key")
    .max(20, "That does not match your recovery key"),
});

export const recoverVaultSchema = z.object({
  recoveryKey: z
    .string({ error: "Enter your recovery key" })
    .trim()
    .min(1, "Enter your recovery key")
    .max(100, "This recovery key does not open any of your sealed vaults")
    // Dashes and spaces alone are read as nothing at all (normalizeRecoveryKey drops them).
    .refine((v) => v.replace(/[\s-]+/g, "").length > 0, "This recovery key does not open any of your sealed vaults"),
});
