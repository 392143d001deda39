"""core.jws under CPython, against tokens made by the real signer (buildtool.token)."""
import base64
import json

from core import jws, reasons
from buildtool import token as tk

KEY = tk.generate_key("ES256")


def parts(token):
    split = jws.split_token(token)
    assert split["ok"], split
    pad = lambda s: s + "=" * (-len(s) % 4)  # noqa: E731
    return (json.loads(base64.urlsafe_b64decode(pad(split["header"]))),
            json.loads(base64.urlsafe_b64decode(pad(split["payload"]))), split)


def expect(args, **kw):
    return {"aud": "ext", "iss": "https://iss", "origin": "https://o.test", "tool": "t",
            "args_sha256": tk.args_sha256(args), "now_s": 1000, **kw}


def test_signer_tokens_pass_the_checks():
    token = tk.sign_call(KEY, aud="ext", iss="https://iss", origin="https://o.test", tool="t", args={"b": 1, "a": [2]},
                         nonce="n1", now=990, jti="j1")
    header, claims, split = parts(token)
    assert header == {"alg": "ES256", "typ": "JWT"} and split["signing_input"] == token.rsplit(".", 1)[0]
    assert jws.check_header(header, "ES256") == {"ok": True}
    assert jws.check_claims(claims, expect({"a": [2], "b": 1})) == {"ok": True}
    assert claims["exp"] - claims["iat"] == 60 and claims["jti"] == "j1"


def test_each_claim_failure_has_its_reason():
    claims = tk.call_claims(aud="ext", iss="https://iss", origin="https://o.test", tool="t", args={}, nonce="n",
                            now=990)
    cases = [({"aud": "x"}, reasons.TOKEN_WRONG_AUDIENCE), ({"iss": "x"}, reasons.TOKEN_WRONG_ISSUER),
             ({"origin": "https://evil.test"}, reasons.TOKEN_WRONG_ORIGIN), ({"tool": "u"}, reasons.TOKEN_WRONG_TOOL),
             ({"args_sha256": "0" * 64}, reasons.TOKEN_ARGS_MISMATCH), ({"exp": 2000}, reasons.TOKEN_MALFORMED),
             ({"iat": 930, "exp": 990}, reasons.TOKEN_EXPIRED), ({"nonce": ""}, reasons.TOKEN_MALFORMED),
             ({"iat": 1100, "exp": 1110}, reasons.TOKEN_MALFORMED)]
    for change, reason in cases:
        verdict = jws.check_claims({**claims, **change}, expect({}))
        assert verdict["reason"] == reason, (change, verdict)
    assert jws.check_claims({**claims, "iss": "other"}, expect({}, iss=None)) == {"ok": True}


def test_header_and_split_failures():
    assert jws.check_header({"alg": "none"}, "ES256")["reason"] == reasons.TOKEN_BAD_ALG
    assert jws.check_header({"alg": "EdDSA"}, "ES256")["reason"] == reasons.TOKEN_BAD_ALG
    assert jws.check_header({"alg": "ES256", "jwk": {}}, "ES256")["reason"] == reasons.TOKEN_MALFORMED
    assert jws.split_token("a.b.")["reason"] == reasons.TOKEN_BAD_ALG
    for bad in ["", "a.b", "a.b.c.d", "a+.b.c", "x" * 5000, None, 7]:
        assert jws.split_token(bad)["reason"] == reasons.TOKEN_MALFORMED


def test_needs_token_and_prune():
    assert jws.needs_token({"risk": "write"}, "site", True) and jws.needs_token({"risk": "irreversible"}, "site", True)
    assert not jws.needs_token({"risk": "read"}, "site", True)
    assert not jws.needs_token({"risk": "write"}, "console", True)
    assert not jws.needs_token({"risk": "write"}, "site", False)
    assert jws.prune_seen({"j:a": 5, "j:b": 20, "__proto__": 99}, 10) == {"j:b": 20}
