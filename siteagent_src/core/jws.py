"""Signed calls: the pure checks on a compact JWS call token (split, header, claims).

The signature itself is verified by the worker with crypto.subtle (entries/worker/signing.py);
these functions never decode base64 and never trust a key or algorithm named by the token.
"""
from core.jsonval import kind_of, has_key, obj_keys, is_integral
from core import reasons

MAX_TOKEN_CHARS = 4096
MAX_LIFETIME_S = 60
CLOCK_SKEW_S = 30
MAX_SECONDS = 100000000000       # year 5138; keeps iat/exp exact as JS doubles
REQUIRED_CLAIMS = ['aud', 'iss', 'origin', 'tool', 'args_sha256', 'nonce', 'iat', 'exp', 'jti']
STRING_CLAIMS = ['aud', 'iss', 'origin', 'tool', 'args_sha256', 'nonce', 'jti']
EMBEDDED_KEY_FIELDS = ['jwk', 'jku', 'x5u', 'x5c', 'crit']
_B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'


def _fail(reason, message, field):
    out = {'ok': False, 'reason': reason, 'message': message}
    if field is not None:
        out['field'] = field
    return out


def _is_b64url(text):
    if len(text) == 0:
        return False
    for ch in text:
        if _B64URL.find(ch) < 0:
            return False
    return True


def split_token(token):
    """`{ok: True, header, payload, signature, signing_input}` (base64url segments) or a failure."""
    if kind_of(token) != 'string' or len(token) == 0:
        return _fail(reasons.TOKEN_MALFORMED, 'token must be a non-empty string', 'token')
    if len(token) > MAX_TOKEN_CHARS:
        return _fail(reasons.TOKEN_MALFORMED, 'token is longer than 4096 characters', 'token')
    first = token.find('.')
    second = token.find('.', first + 1) if first >= 0 else -1
    if first < 0 or second < 0 or token.find('.', second + 1) >= 0:
        return _fail(reasons.TOKEN_MALFORMED, 'token must be three base64url segments joined by dots', 'token')
    header = token[:first]
    payload = token[first + 1:second]
    signature = token[second + 1:]
    if not _is_b64url(header) or not _is_b64url(payload):
        return _fail(reasons.TOKEN_MALFORMED, 'token header and payload must be non-empty base64url', 'token')
    if not _is_b64url(signature):
        if len(signature) == 0:
            return _fail(reasons.TOKEN_BAD_ALG, 'token has no signature (unsigned tokens are refused)', 'token')
        return _fail(reasons.TOKEN_MALFORMED, 'token signature must be base64url', 'token')
    return {'ok': True, 'header': header, 'payload': payload, 'signature': signature,
            'signing_input': header + '.' + payload}


def check_header(header, pinned_alg):
    """The decoded header must name exactly the pinned algorithm and carry no key material."""
    if kind_of(header) != 'object':
        return _fail(reasons.TOKEN_MALFORMED, 'token header must be a JSON object', 'header')
    if not has_key(header, 'alg') or kind_of(header['alg']) != 'string':
        return _fail(reasons.TOKEN_MALFORMED, 'token header needs a string alg', 'alg')
    alg = header['alg']
    if alg.lower() == 'none':
        return _fail(reasons.TOKEN_BAD_ALG, 'alg none is refused', 'alg')
    if alg != pinned_alg:
        return _fail(reasons.TOKEN_BAD_ALG, 'alg ' + alg[:20] + ' is refused; this build pins ' + pinned_alg, 'alg')
    for bad in EMBEDDED_KEY_FIELDS:
        if has_key(header, bad):
            return _fail(reasons.TOKEN_MALFORMED, 'token header may not carry ' + bad + ' (the key is pinned)', bad)
    return {'ok': True}


def _claims_shape(claims):
    if kind_of(claims) != 'object':
        return _fail(reasons.TOKEN_MALFORMED, 'token payload must be a JSON object', 'payload')
    for key in REQUIRED_CLAIMS:
        if not has_key(claims, key):
            return _fail(reasons.TOKEN_MALFORMED, 'token claim ' + key + ' is missing', key)
    for key in STRING_CLAIMS:
        if kind_of(claims[key]) != 'string' or len(claims[key]) == 0 or len(claims[key]) > 512:
            return _fail(reasons.TOKEN_MALFORMED, 'token claim ' + key + ' must be a non-empty string', key)
    for key in ['iat', 'exp']:
        if not is_integral(claims[key]) or claims[key] < 0 or claims[key] > MAX_SECONDS:
            return _fail(reasons.TOKEN_MALFORMED, 'token claim ' + key + ' must be whole seconds', key)
    return None


def check_claims(claims, expect):
    """expect: `{aud, iss, origin, tool, args_sha256, now_s}` (iss None: any issuer).
    Checked in order: shape, aud, iss, origin, tool, args, lifetime, expiry."""
    bad = _claims_shape(claims)
    if bad is not None:
        return bad
    if claims['aud'] != expect['aud']:
        return _fail(reasons.TOKEN_WRONG_AUDIENCE, 'token aud is not this extension', 'aud')
    if expect['iss'] is not None and claims['iss'] != expect['iss']:
        return _fail(reasons.TOKEN_WRONG_ISSUER, 'token iss is not the pinned issuer', 'iss')
    if claims['origin'] != expect['origin']:
        return _fail(reasons.TOKEN_WRONG_ORIGIN, 'token origin is not the calling page\'s origin', 'origin')
    if claims['tool'] != expect['tool']:
        return _fail(reasons.TOKEN_WRONG_TOOL, 'token was signed for tool ' + claims['tool'][:64], 'tool')
    if claims['args_sha256'].lower() != expect['args_sha256']:
        return _fail(reasons.TOKEN_ARGS_MISMATCH, 'the arguments differ from the signed args_sha256', 'args_sha256')
    if claims['exp'] <= claims['iat'] or claims['exp'] - claims['iat'] > MAX_LIFETIME_S:
        return _fail(reasons.TOKEN_MALFORMED, 'token exp must be after iat and at most 60 s after it', 'exp')
    if claims['iat'] > expect['now_s'] + CLOCK_SKEW_S:
        return _fail(reasons.TOKEN_MALFORMED, 'token iat is in the future', 'iat')
    if claims['exp'] <= expect['now_s']:
        return _fail(reasons.TOKEN_EXPIRED, 'token expired ' + str(expect['now_s'] - claims['exp']) + ' s ago', 'exp')
    return {'ok': True}


def needs_token(tool, source, enabled):
    """Signed-calls mode: every write and irreversible call from a site needs a token."""
    if not enabled or source == 'console':
        return False
    if kind_of(tool) != 'object' or not has_key(tool, 'risk'):
        return True
    return tool['risk'] != 'read'


def prune_seen(seen, now_s):
    """Drop entries (`{'x:value': expiry_s}`) that expired or lack a one-letter prefix (so no key is
    ever `__proto__`); returns a new object."""
    out = {}
    if kind_of(seen) != 'object':
        return out
    for key in obj_keys(seen):
        if key[1:2] == ':' and is_integral(seen[key]) and seen[key] > now_s:
            out[key] = seen[key]
    return out
