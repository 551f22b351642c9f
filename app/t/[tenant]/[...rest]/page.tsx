import { notFound } from "next/navigation";

// Unknown paths in a workspace: 'Page Not Found' with a real 404 status. This sits outside the
// signed-in group on purpose: under its loading boundary the response would already be streaming
// (status 200) by the time notFound() runs.
export default function UnknownPage() {
  notFound();
}
