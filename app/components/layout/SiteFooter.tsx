import { Link } from "@remix-run/react";
import { NewsletterSignup } from "~/components/newsletter/NewsletterSignup";
import { MarketPicker } from "~/components/pricing/MarketPicker";
import { FooterFrame, NEWSLETTER, PICKER, type FooterMarket } from "./FooterFrame";

/**
 * `market`: the market in force for this request (null on a page drawn without the root loader's data).
 * The browser keeps the server's markup of it (./Footer.tsx) and loads this only when it must be drawn again.
 */
export function SiteFooter({ market = null }: { market?: FooterMarket }) {
  return <FooterFrame LinkTo={Link} newsletter={<NewsletterSignup {...NEWSLETTER} />} picker={market ? <MarketPicker current={market} {...PICKER} /> : null} />;
}
