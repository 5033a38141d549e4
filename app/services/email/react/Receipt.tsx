import type { CSSProperties } from "react";
import { Column, Hr, Link, Row, Section, Text } from "@react-email/components";
import type { ReceiptSummary } from "~/domain/pricing/orders";
import { palette } from "./Layout";

const cell: CSSProperties = { padding: "6px 0", fontSize: "15px", lineHeight: "1.4", color: palette.ink, verticalAlign: "top" };
const right: CSSProperties = { ...cell, textAlign: "right", whiteSpace: "nowrap" };
const soft: CSSProperties = { margin: "0 0 6px", fontSize: "14px", lineHeight: "1.5", color: palette.soft };

/** The receipt inside the purchase e-mail: what was bought, the total and its tax, the date, the number and the seller. */
export function ReceiptBlock({ receipt, date }: { receipt: ReceiptSummary; date: string }) {
  return (
    <Section style={{ background: palette.page, borderRadius: "14px", padding: "16px 18px", margin: "0 0 18px" }}>
      <Text style={{ margin: "0 0 8px", fontSize: "17px", fontWeight: 700, color: palette.ink }}>Receipt</Text>
      <Text style={soft}>{`Order ${receipt.number} · paid on ${date}`}</Text>
      {receipt.lines.map((line, i) => (
        <Row key={i}>
          <Column style={cell}>
            {line.description} × {line.quantity}
            <br />
            <span style={{ color: palette.soft, fontSize: "13px" }}>{line.unitPrice} each</span>
          </Column>
          {/* the space keeps the plain-text part's words apart ("£15.99 each £15.99") */}
          <Column style={right}> {line.amount}</Column>
        </Row>
      ))}
      <Hr style={{ borderColor: palette.border, margin: "8px 0" }} />
      <Row>
        <Column style={{ ...cell, fontWeight: 700 }}>Total paid</Column>
        <Column style={{ ...right, fontWeight: 700 }}> {receipt.total}</Column>
      </Row>
      {receipt.tax.kind === "included" ? (
        <Row>
          <Column style={cell}>{receipt.tax.label}</Column>
          <Column style={right}> {receipt.tax.amount}</Column>
        </Row>
      ) : (
        <Text style={soft}>{receipt.tax.note}</Text>
      )}
      <Text style={soft}>{`Paid in ${receipt.currency}.`}</Text>
      <Text style={{ ...soft, margin: "10px 0 0" }}>{`Sold by ${receipt.seller.name}, ${receipt.seller.address}`}</Text>
      {receipt.providerReceiptUrl ? (
        <Text style={{ ...soft, margin: "10px 0 0" }}>
          <Link href={receipt.providerReceiptUrl} style={{ color: palette.link, textDecoration: "underline" }}>
            The card payment&apos;s receipt from Stripe
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}
