import { AuthCard, FooterLink, FormAlert, Notice } from "./AuthCard";
import { ResendForm } from "./ResendForm";

/**
 * After sign-up: the e-mail is on its way. The words are the same whether or not the address already
 * had an account (that person gets a note saying so instead of a link), so the page tells no one who
 * is a customer.
 */
export function CheckInbox({ email, resent, error }: { email: string; resent: boolean; error: string | null }) {
  return (
    <AuthCard
      icon="📬"
      tint="bg-sky-soft"
      title="Check your inbox"
      focusTitle
      testId="check-inbox"
      intro={
        <p>
          We sent an e-mail to <strong className="wrap-anywhere font-semibold text-ink">{email}</strong>. Open the link in it to confirm your address and finish
          making your account. The link works for 24 hours.
        </p>
      }
      footer={
        <>
          <FooterLink to="/auth/signup" lead="Wrong address?">
            Sign up again
          </FooterLink>
          <FooterLink to="/auth/login" lead="Already confirmed?">
            Sign in
          </FooterLink>
        </>
      }
    >
      {error ? <FormAlert>{error}</FormAlert> : resent ? <Notice>We sent the e-mail again. Only the newest link works.</Notice> : null}
      <p className="mb-4 leading-relaxed text-ink-soft">Nothing there after a few minutes? Have a look in your spam or promotions folder, or send it again.</p>
      <ResendForm action="/auth/signup" email={email} />
    </AuthCard>
  );
}
