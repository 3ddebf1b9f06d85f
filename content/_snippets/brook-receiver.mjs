// A webhook receiver for Brook deliveries. Run it with:
//   BROOK_SIGNING_SECRET=brk_sig_... node brook-receiver.mjs
import crypto from "crypto";
import http from "http";

const SECRET = process.env.BROOK_SIGNING_SECRET;
const TOLERANCE_SECONDS = 300;
const seen = new Set(); // event IDs already handled; use a database in production

function signatureIsValid(rawBody, timestamp, header) {
  if (!timestamp || !header || !header.startsWith("sha256=")) return false;
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!Number.isFinite(age) || age > TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac("sha256", SECRET).update(`${timestamp}.`).update(rawBody).digest("hex");
  const given = header.slice("sha256=".length);
  return given.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    if (!signatureIsValid(raw, req.headers["x-brook-timestamp"], req.headers["x-brook-signature"])) {
      res.writeHead(401).end();
      return;
    }
    const delivery = JSON.parse(raw.toString("utf8"));
    res.writeHead(204).end(); // answer first, then do the work
    if (seen.has(delivery.id)) return; // a retry of an event already handled
    seen.add(delivery.id);
    console.log(`${delivery.resource_id}: ${delivery.summary || delivery.name}`);
  });
}).listen(3000, () => console.log("Listening on :3000"));
