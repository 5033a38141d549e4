import { NewsletterSignupView } from "~/components/newsletter/NewsletterSignup";
import { MarketPickerForm } from "~/components/pricing/MarketPicker";
import { PlainLink } from "~/components/ui/PlainLink";
import { signupBack, signupStatusFrom } from "~/domain/newsletter";
import { FooterFrame, NEWSLETTER, PICKER, type FooterMarket } from "./FooterFrame";

/**
 * The same footer for the page at `pathname` + `search`, drawn without the router: plain links and
 * forms, which is all the server's markup is (the browser keeps it and handles its clicks and its
 * newsletter form, ./Footer.tsx). Its markup depends on nothing else, so the server draws it once
 * per address and market and keeps it (app/kept-markup.server.tsx). Only the server draws it.
 */
export function KeptSiteFooter({ market, pathname, search }: { market: FooterMarket; pathname: string; search: string }) {
  return (
    <FooterFrame
      LinkTo={PlainLink}
      newsletter={
        <NewsletterSignupView
          {...NEWSLETTER}
          status={signupStatusFrom(search, NEWSLETTER.form)}
          busy={false}
          hydrated={false}
          back={signupBack(pathname, search)}
          Form="form"
          Link={PlainLink}
        />
      }
      picker={market ? <MarketPickerForm current={market} {...PICKER} redirectTo={`${pathname}${search}`} /> : null}
    />
  );
}
