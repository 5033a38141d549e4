import { cn } from "~/components/ui/cn";

/**
 * Sign out: a plain form post to /auth/logout (works without JavaScript). The page loads afresh
 * afterwards, so nothing of the signed-in person stays in the page's memory.
 */
export function SignOutButton({ className, children = "Sign out" }: { className?: string; children?: string }) {
  return (
    <form method="post" action="/auth/logout" className="contents">
      <button type="submit" className={cn(className)} data-testid="sign-out">
        {children}
      </button>
    </form>
  );
}
