# The first step after an HTTP trigger: turn away requests without the shared secret.
import hmac


def handler(event, ctx):
    expected = ctx.env.get("INBOUND_TOKEN", "").encode()
    given = event["headers"].get("x-inbound-token", "").encode()
    # compare_digest runs in constant time: the answer's timing reveals nothing about the secret
    if not expected or not hmac.compare_digest(given, expected):
        ctx.respond(status=401, headers={"content-type": "application/json"},
                    body={"error": "unauthorized"})
        return ctx.end("rejected a request without a valid token")
    return {"accepted": True}
