import { Link } from "@react-email/components";
import { Cta, Layout, P, palette } from "./Layout";

export interface AlreadyRegisteredProps {
  subject: string;
  intro: string;
  signInUrl: string | null;
  resetUrl: string | null;
}

/** To an address that has an account already, when someone signs up with it again. */
export function AlreadyRegistered(p: AlreadyRegisteredProps) {
  return (
    <Layout title={p.subject} preview={p.intro}>
      <P>{p.intro}</P>
      {p.signInUrl ? <Cta href={p.signInUrl}>Sign in</Cta> : null}
      {p.resetUrl ? (
        <P>
          Forgot your password?{" "}
          <Link href={p.resetUrl} style={{ color: palette.link }}>
            Reset it here
          </Link>
          .
        </P>
      ) : null}
      <P small>If this was not you, you can ignore this e-mail.</P>
    </Layout>
  );
}
