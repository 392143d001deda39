"""Signed calls in the worker: CHALLENGE nonces and token verification against the pinned key.

The key and algorithm come from the build (siteagent.toml [signing]), never from the page or the
token. Issued nonces, used nonces and used jtis live in chrome.storage.session (keys prefixed, so
no claim value can become `__proto__`).
"""
from buildinfo import CONFIG
from core.jws import split_token, check_header, check_claims, needs_token, prune_seen
from core.canonical import canonical_json
from core.outcome import failure, ToolError, error_from, result_of
from core import reasons
from webapi.chrome import storage_get, storage_set, runtime_id
from webapi.crypto import b64url_json, verify_signature, random_nonce
from webapi.js import now_ms, sha256_hex, serialized, obj_keys, drop_key

SEEN_KEY = 'signing_seen'
NONCE_TTL_S = 120
MAX_OUTSTANDING = 200


def enabled():
    return CONFIG['signing']['enabled'] == True


def _issued_key(origin, nonce):
    return 'n:' + origin + ' ' + nonce


def _now_s():
    return round(now_ms() / 1000)


async def _edit(change):
    async def write():
        seen = await storage_get('session', SEEN_KEY, {'issued': {}, 'nonces': {}, 'jtis': {}})
        now = _now_s()
        for area in ['issued', 'nonces', 'jtis']:
            seen[area] = prune_seen(seen[area], now)
        result = change(seen, now)
        await storage_set('session', SEEN_KEY, seen)
        return result
    return await serialized(SEEN_KEY, write)


async def challenge(ctx):
    """A fresh nonce bound to the calling origin, valid for NONCE_TTL_S."""
    nonce = random_nonce()

    def issue(seen, now):
        issued = seen['issued']
        if len(obj_keys(issued)) >= MAX_OUTSTANDING:
            return False
        issued[_issued_key(ctx['origin'], nonce)] = now + NONCE_TTL_S
        return True
    if not await _edit(issue):
        return failure(reasons.RATE_LIMITED, 'too many outstanding challenges; use or let them expire', None)
    return {'ok': True, 'nonce': nonce, 'extensionId': runtime_id(), 'alg': CONFIG['signing']['alg'],
            'expiresIn': NONCE_TTL_S, 'signing': enabled()}


async def verify(request, tool, args, ctx):
    """Returns when the call may go on; else raises the token_* refusal (ToolError)."""
    if not needs_token(tool, ctx['source'], enabled()):
        return
    token = request['token'] if 'token' in request else None
    if token == None:
        raise ToolError(reasons.TOKEN_REQUIRED, 'signed calls are on: ' + tool['name'] + ' needs a token', {'field': 'token'})
    parts = result_of(split_token(token))
    header = b64url_json(parts['header'])
    payload = b64url_json(parts['payload'])
    if not header['ok'] or not payload['ok']:
        raise ToolError(reasons.TOKEN_MALFORMED, 'token header or payload is not base64url JSON', {'field': 'token'})
    result_of(check_header(header['value'], CONFIG['signing']['alg']))
    good = await verify_signature(CONFIG['signing']['alg'], CONFIG['signing']['public_key'],
                                  parts['signature'], parts['signing_input'])
    if not good:
        raise ToolError(reasons.TOKEN_BAD_SIGNATURE, 'the token signature does not verify against the pinned key',
                        {'field': 'token'})
    claims = payload['value']
    digest = await sha256_hex(canonical_json(args))
    result_of(check_claims(claims, {'aud': runtime_id(), 'iss': CONFIG['signing']['issuer'], 'origin': ctx['origin'],
                                    'tool': tool['name'], 'args_sha256': digest, 'now_s': _now_s()}))
    refused = await _consume(claims, ctx['origin'])
    if refused != None:
        raise error_from(refused)


async def _consume(claims, origin):
    nonce_key = 'n:' + claims['nonce']
    issued_key = _issued_key(origin, claims['nonce'])
    jti_key = 'j:' + claims['jti']

    def take(seen, now):
        if jti_key in seen['jtis']:
            return failure(reasons.TOKEN_JTI_REUSED, 'this token (jti) was already used', {'field': 'jti'})
        if nonce_key in seen['nonces']:
            return failure(reasons.TOKEN_NONCE_REUSED, 'this nonce was already used', {'field': 'nonce'})
        if issued_key not in seen['issued']:
            return failure(reasons.TOKEN_NONCE_UNKNOWN, 'the nonce was not issued by this extension or expired',
                           {'field': 'nonce'})
        keep = max(claims['exp'], now) + NONCE_TTL_S
        seen['jtis'][jti_key] = keep
        seen['nonces'][nonce_key] = keep
        drop_key(seen['issued'], issued_key)
        return None
    return await _edit(take)
