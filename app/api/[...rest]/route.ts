import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";

// Any /api path no other route serves: a 404 in the API's problem shape, for every method. Without
// it Next answers with its not-found page, which it renders as a page; a POST there that Next takes
// for a server action (a form body with RSC: 1) was a 500 (InvariantError).
// It answers 404 to anyone, so another site's Origin is no reason to answer otherwise.
const noSuchRoute = apiRoute({ auth: "public", writes: false, sameOrigin: false }, async () => {
  throw notFound("API route");
});

export {
  noSuchRoute as GET,
  noSuchRoute as POST,
  noSuchRoute as PUT,
  noSuchRoute as PATCH,
  noSuchRoute as DELETE,
  noSuchRoute as OPTIONS,
  noSuchRoute as HEAD,
};
