import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">🧭</p>
      <h1 className="mt-4 text-4xl font-semibold">This page wandered off</h1>
      <p className="mt-3 text-lg text-ink-soft">We looked under every pillow, but the page you asked for isn't here.</p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-coral px-6 py-3 font-semibold text-white">
        Back to the home page
      </Link>
    </section>
  );
}
