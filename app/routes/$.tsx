import { NotFound } from "~/components/layout/NotFound";

/** Any path no other route claims: a real 404 status with the not-found page. */
export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
