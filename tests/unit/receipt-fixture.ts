import type { ReceiptSummary } from "~/domain/pricing/orders";

/** A paid order's receipt, as the purchase e-mail is given it. */
export const RECEIPT: ReceiptSummary = {
  number: "SN-1001",
  date: "2026-11-24T10:01:00.000Z",
  lines: [{ description: "Family Pack", quantity: 1, unitPrice: "£15.99", amount: "£15.99" }],
  total: "£15.99",
  currency: "Pounds sterling (GBP)",
  tax: { kind: "included", label: "VAT included (20%)", amount: "£2.67" },
  seller: { name: "StoryNest Ltd", address: "1 Example Street, London" },
  providerReceiptUrl: null,
};
