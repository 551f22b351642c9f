import { notFound } from "next/navigation";

// Unknown paths inside a workspace: 'Page Not Found', after the session check of the layout.
export default function UnknownPage() {
  notFound();
}
