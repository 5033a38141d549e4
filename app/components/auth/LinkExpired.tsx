import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { AUTH_MESSAGES } from "~/domain/auth/forms";
import { AuthCard, FooterLink, FormAlert } from "./AuthCard";

/** An e-mailed link that no longer works (used, expired, or newer one sent): the way to a new one. */
export function LinkExpired({ askAgain, children, error }: { askAgain?: { to: string; label: string }; children?: ReactNode; error?: string | null }) {
  return (
    <AuthCard
      icon="⏳"
      tint="bg-sun-soft"
      title="This link no longer works"
      focusTitle
      testId="link-invalid"
      intro={<p data-testid="link-invalid-message">{AUTH_MESSAGES.linkInvalid}</p>}
      footer={
        <>
          <FooterLink to="/auth/login" lead="Know your password?">
            Sign in
          </FooterLink>
          <FooterLink to="/contact" lead="Still stuck?">
            Contact us
          </FooterLink>
        </>
      }
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      {askAgain ? (
        <ButtonLink to={askAgain.to} size="lg" className="w-full">
          {askAgain.label}
        </ButtonLink>
      ) : null}
      {children}
    </AuthCard>
  );
}
