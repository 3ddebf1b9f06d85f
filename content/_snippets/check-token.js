// The first step after an HTTP trigger: turn away requests without the shared secret.
import crypto from "crypto";

// Constant-time comparison: the answer's timing does not reveal how much of a guess was right.
function sameSecret(given, expected) {
  const a = Buffer.from(given || "", "utf8");
  const b = Buffer.from(expected || "", "utf8");
  // timingSafeEqual needs equal lengths; comparing the lengths first leaks no content
  return a.length === b.length && b.length > 0 && crypto.timingSafeEqual(a, b);
}

export default async function (event, ctx) {
  if (!sameSecret(event.headers["x-inbound-token"], ctx.env.INBOUND_TOKEN)) {
    await ctx.respond({
      status: 401,
      headers: { "content-type": "application/json" },
      body: { error: "unauthorized" },
    });
    return ctx.end("rejected a request without a valid token");
  }
  return { accepted: true };
}
