"""The page tool's risk rules, judged in code (docs/SECURITY.md): URL schemes, per-verb risk, and
when a click (or a type with submit) becomes irreversible. Pure: CPython and JS (parity-tested)."""
from core.jsonval import kind_of, has_key, squeeze
from core.origins import host_of
from core.preview import build_preview, cap_text
from sites.page.risk import vocabulary as vocab
from sites.page.verbs import verb_of
from sites.page.scan.links import scheme_of

WRITE = 'write'
IRREVERSIBLE = 'irreversible'
ALLOWED_SCHEMES = ['http', 'https']

# Hints in a form field's name, id or label (lower case). Card data, bank account data, an amount.
PAYMENT_HINTS = ['cc-number', 'cc-csc', 'cc-exp', 'cc-exp-month', 'cc-exp-year', 'cc-name', 'cc-type',
                 'cardnumber', 'card-number', 'card_number', 'cardnum', 'ccnumber', 'cc_number', 'creditcard',
                 'credit-card', 'credit_card', 'cvc', 'cvv', 'csc', 'securitycode', 'security-code',
                 'card number', 'kartennummer', 'numéro de carte', 'número de tarjeta', 'número do cartão',
                 'numero della carta', 'номер карты', 'カード番号', '卡号', '卡號', 'expiry', 'expiration']
BANK_HINTS = ['iban', 'bic', 'swift', 'account number', 'account-number', 'account_number', 'accountnumber',
              'acctnumber', 'acct_no', 'account no', 'routing number', 'routing-number', 'routing_number',
              'routingnumber', 'sort code', 'sortcode', 'sort-code', 'kontonummer', 'bankleitzahl',
              'numéro de compte', 'número de cuenta', 'número da conta', 'numero di conto',
              'номер счета', 'номер счёта', '口座番号', '账号', '帳號', '银行卡']
AMOUNT_WORDS = ['amount', 'sum', 'betrag', 'montant', 'importe', 'monto', 'valor', 'importo', 'quantia',
                'сумма', 'сумму', '金額', '金额', '金額']
SECRET_REASONS = {'password': 'the form has a password field', 'payment': 'the form has a payment card field',
                  'bank': 'the form has an IBAN or account number field', 'amount': 'the form has an amount field'}
QUOTE_CAP = 80
# request methods a framework attribute or a form's _method field can ask for instead of GET
OVERRIDE_METHODS = ['post', 'put', 'patch', 'delete']
SESSION_WORDS = ['logout', 'signout', 'logoff', 'signoff', 'session', 'sessions']


def _lower(text):
    return text.lower() if kind_of(text) == 'string' else ''


def _is_word_char(ch):
    if ch == '' or ch == ' ':
        return False
    lower = ch.lower()
    upper = ch.upper()
    if lower != upper:
        return True
    return ch >= '0' and ch <= '9'


def contains_word(text, term):
    """term occurs in text with no letter or digit directly before or after it."""
    start = text.find(term)
    while start >= 0:
        before = text[start - 1] if start > 0 else ''
        end = start + len(term)
        after = text[end] if end < len(text) else ''
        if not _is_word_char(before) and not _is_word_char(after):
            return True
        start = text.find(term, start + 1)
    return False


def _normalise(text):
    """Lower case, every run of non-letters/digits (but apostrophes) as one space."""
    low = _lower(text)
    parts = []
    pending = False
    for ch in low:
        if _is_word_char(ch) or ch == "'" or ord(ch[0]) > 0x2E7F:
            if pending and len(parts) > 0:
                parts.append(' ')
            pending = False
            parts.append(ch)
        else:
            pending = True
    return ''.join(parts)


def extra_hits(text, extra_terms):
    """The policy's extra terms found in text as whole words (any language), in their order."""
    hits = []
    if kind_of(extra_terms) != 'array':
        return hits
    norm = _normalise(text)
    if len(norm) == 0:
        return hits
    for term in extra_terms:
        if kind_of(term) != 'string' or len(term) == 0:
            continue
        want = _normalise(term)
        if len(want) > 0 and want not in hits and contains_word(norm, want):
            hits.append(want)
    return hits


def vocabulary_hits(text, extra_terms):
    """What text says it does, in the vocabulary (sites/page/risk/vocabulary.py) or the extra terms: the
    concepts of its decisive hits (acts and irreversibility phrases), then the extra terms."""
    out = []
    for hit in vocab.hits_in(text if kind_of(text) == 'string' else '', 'name'):
        if _decisive(hit, False) and hit['concept'] not in out:
            out.append(hit['concept'])
    for term in extra_hits(text, extra_terms):
        if term not in out:
            out.append(term)
    return out


def _hint_in(joined, words, hint):
    if hint.find('-') < 0 and hint.find('_') < 0 and hint.find(' ') < 0 and len(hint) <= 4:
        return hint in words
    return joined.find(hint) >= 0


def field_is_secret(field):
    """A form field descriptor {type, autocomplete, name, id, label}: 'password', 'payment' (card
    data), 'bank' (IBAN, account or routing number), 'amount' (a sum of money), or None."""
    if kind_of(field) != 'object':
        return None
    kind = _lower(field['type']) if has_key(field, 'type') else ''
    if kind == 'password':
        return 'password'
    auto = _lower(field['autocomplete']) if has_key(field, 'autocomplete') else ''
    if auto.find('current-password') >= 0 or auto.find('new-password') >= 0:
        return 'password'
    if auto.find('cc-') >= 0:
        return 'payment'
    if auto.find('transaction-amount') >= 0:
        return 'amount'
    texts = []
    for key in ['name', 'id', 'label']:
        if has_key(field, key) and kind_of(field[key]) == 'string':
            texts.append(_lower(field[key]))
    joined = ' '.join(texts)
    words = []
    for text in texts:
        for word in vocab.words_of(text):
            words.append(word)
        for word in vocab.id_words(text):
            words.append(word)
    for hint in PAYMENT_HINTS:
        if _hint_in(joined, words, hint):
            return 'payment'
    for hint in BANK_HINTS:
        if _hint_in(joined, words, hint):
            return 'bank'
    if kind in ['checkbox', 'radio', 'file', 'color', 'date', 'email', 'tel', 'url', 'search']:
        return None
    for word in AMOUNT_WORDS:
        if word in words or (vocab.char_class(word[0]) == 'c' and joined.find(word) >= 0):
            return 'amount'
    return None


def with_secrets(target):
    """target with form.secret_fields: the kinds (field_is_secret) of the raw field descriptors the tab
    half sent (form.secret_fields_raw)."""
    if kind_of(target) != 'object' or not has_key(target, 'form') or kind_of(target['form']) != 'object':
        return target
    form = target['form']
    kinds = []
    raw = form['secret_fields_raw'] if has_key(form, 'secret_fields_raw') else None
    if kind_of(raw) == 'array':
        for field in raw:
            kind = field_is_secret(field)
            if kind is not None and kind not in kinds:
                kinds.append(kind)
    form['secret_fields'] = kinds
    return target


def url_verdict(url):
    """{ok: True, scheme} for an http(s) URL with a host; else {ok: False, reason: url_not_allowed, message}."""
    scheme = scheme_of(url)
    if scheme is None:
        return {'ok': False, 'reason': 'url_not_allowed', 'message': 'url: not an absolute http(s) URL'}
    if scheme not in ALLOWED_SCHEMES:
        return {'ok': False, 'reason': 'url_not_allowed',
                'message': 'url: the ' + scheme + ': scheme is refused; only http and https pages can be opened'}
    if host_of(url) is None:
        return {'ok': False, 'reason': 'url_not_allowed', 'message': 'url: the URL has no host'}
    return {'ok': True, 'scheme': scheme}


def host_matches(host, patterns):
    """host equals a pattern, or a pattern '*.example.com' / '.example.com' covers it."""
    if kind_of(host) != 'string' or kind_of(patterns) != 'array':
        return False
    h = host.lower()
    for raw in patterns:
        if kind_of(raw) != 'string' or len(raw) == 0:
            continue
        p = raw.lower()
        if p.startswith('*.'):
            p = p[1:]
        if p.startswith('.'):
            if h.endswith(p) or h == p[1:]:
                return True
        elif h == p:
            return True
    return False


def method_risk(method):
    """The verb's risk before its target is judged (sites/page/verbs.py); irreversible when unknown."""
    row = verb_of(method) if kind_of(method) == 'string' else None
    return row['risk'] if row is not None else IRREVERSIBLE


def is_enter(chord):
    """The chord ends in Enter with no modifier but Shift (what submits a form)."""
    if kind_of(chord) != 'string':
        return False
    parts = [p.strip().lower() for p in chord.split('+')]
    if len(parts) == 0 or parts[len(parts) - 1] != 'enter':
        return False
    for p in parts[0:len(parts) - 1]:
        if p != 'shift':
            return False
    return True


def judges_target(method, args):
    """True when the verb's risk depends on its target element: click, type with submit, press Enter."""
    if method == 'click':
        return True
    if kind_of(args) != 'object':
        return False
    if method == 'type':
        return has_key(args, 'submit') and args['submit'] is True
    if method == 'press':
        return has_key(args, 'key') and is_enter(args['key'])
    return False


def _decisive(hit, with_nouns):
    """A hit that makes an action irreversible by itself: an act; a phrase saying it cannot be undone
    (a lone "permanent" or "forever" counts only where the context, not a name, says it); a noun of
    effect only where it names a dialog's, a form's or an endpoint's purpose (with_nouns)."""
    if hit['kind'] == 'act':
        return True
    if hit['kind'] == 'mark':
        return with_nouns or hit['words'] > 1
    return with_nouns and hit['kind'] == 'noun'


def _first(hits, with_nouns, acts_only):
    for hit in hits:
        if acts_only and hit['base'] != 'act' and not (hit['base'] == 'noun' and hit['kind'] == 'act'):
            continue
        if _decisive(hit, with_nouns):
            return hit
    return None


def _text(obj, key):
    return obj[key] if kind_of(obj) == 'object' and has_key(obj, key) and kind_of(obj[key]) == 'string' else ''


def _quote(text):
    """text squeezed and capped, in double quotes."""
    return '"' + cap_text(squeeze(text), QUOTE_CAP) + '"'


def _why(hit):
    return ' (' + hit['concept'] + ')'


def _path_of(url):
    """The path and query of an absolute or relative URL, for the window ('/api/payments/charge')."""
    if kind_of(url) != 'string':
        return ''
    at = url.find('://')
    if at < 0:
        return url
    slash = url.find('/', at + 3)
    return url[slash:] if slash >= 0 else '/'


def _excerpt(text, hit):
    """The sentence of text that holds the hit (for a dialog's body text)."""
    low = _lower(text)
    at = low.find(hit['form'].split(' ')[0])
    if at < 0:
        return _quote(text)
    start = at
    while start > 0 and '.!?\n'.find(text[start - 1]) < 0 and at - start < 60:
        start -= 1
    end = at
    while end < len(text) and '.!?\n'.find(text[end]) < 0 and end - at < 80:
        end += 1
    return _quote(text[start:end + 1 if end < len(text) else end])


def _own_reasons(target, ctx, role, name, extra):
    reasons = []
    hit = _first(vocab.hits_in(name, 'name'), False, False)
    if hit is not None:
        reasons.append('its name says ' + _quote(name) + _why(hit))
    desc = _text(ctx, 'description')
    if len(desc) > 0:
        hit = _first(vocab.hits_in(desc, 'name' if role == 'link' else 'context'), False, False)
        if hit is not None:
            source = 'title' if _text(ctx, 'description_from') == 'title' else 'description'
            reasons.append('the ' + role + "'s " + source + ' says ' + _quote(desc) + _why(hit))
    for icon in vocab.icon_hits(name, _text(ctx, 'icon')):
        reasons.append('its icon is ' + icon['label'] + ' (' + icon['concept'] + ')')
        break
    terms = extra_hits(name + ' \n ' + desc, extra)
    if len(terms) > 0:
        reasons.append('its name matches the extra term "' + terms[0] + '"')
    return reasons


def _dialog_reasons(dialog, takes, buttonish, extra):
    reasons = []
    if not takes and not buttonish:
        return reasons
    title = _text(dialog, 'name')
    kind = 'alert dialog' if _text(dialog, 'role') == 'alertdialog' else 'dialog'
    article = 'an ' if kind == 'alert dialog' else 'a '
    hit = _first(vocab.hits_in(title, 'context'), True, False)
    if hit is not None or len(extra_hits(title, extra)) > 0:
        reasons.append('inside the ' + kind + ' ' + _quote(title) + (_why(hit) if hit is not None else ''))
        return reasons
    heading = _text(dialog, 'heading')
    hit = _first(vocab.hits_in(heading, 'context'), True, False)
    if hit is not None:
        reasons.append('inside ' + article + kind + ' headed ' + _quote(heading) + _why(hit))
        return reasons
    desc = _text(dialog, 'description')
    hit = _first(vocab.hits_in(desc, 'context'), True, False)
    if hit is not None:
        reasons.append('inside ' + article + kind + ' whose description says ' + _quote(desc) + _why(hit))
        return reasons
    if not takes:
        return reasons
    body = _text(dialog, 'text')
    hit = _first(vocab.hits_in(body, 'context'), False, False)
    if hit is None:
        for candidate in vocab.hits_in(body, 'context'):
            if candidate['kind'] == 'mark':
                hit = candidate
                break
    if hit is not None:
        reasons.append('inside ' + article + kind + ' that says ' + _excerpt(body, hit) + _why(hit))
    return reasons


def _form_reasons(target, form, fctx, role, extra):
    reasons = []
    secrets = form['secret_fields'] if has_key(form, 'secret_fields') and kind_of(form['secret_fields']) == 'array' else []
    for kind in ['password', 'payment', 'bank', 'amount']:
        if kind in secrets:
            reasons.append(SECRET_REASONS[kind])
    method = _lower(_text(form, 'method'))
    action = _text(form, 'action')
    posts = method != 'get'
    override = _lower(_text(fctx, 'method_override'))
    if posts and override == 'delete':
        reasons.extend(_override_reasons(override, action, 'the form', '_method'))
    for hit in vocab.path_hits(action):
        if _decisive(hit, posts):
            reasons.append('the form ' + ('posts' if posts else 'submits') + ' to ' + _path_of(action) + _why(hit))
            break
    if len(extra_hits(action, extra)) > 0 and len(reasons) == 0:
        reasons.append('the form ' + ('posts' if posts else 'submits') + ' to ' + _path_of(action))
    label = _text(form, 'name')
    hit = _first(vocab.hits_in(label, 'name'), posts, False)
    if hit is None:
        hit = _first(vocab.tokens_hits(vocab.id_words(label), 'path'), posts, False)
    if hit is not None:
        reasons.append('it submits the form ' + _quote(label) + _why(hit))
    button = _text(fctx, 'submit_name')
    if role != 'button' and len(button) > 0:
        hit = _first(vocab.hits_in(button, 'name'), False, False)
        if hit is not None:
            reasons.append("the form's submit button says " + _quote(button) + _why(hit))
    return reasons


def _is_session(url):
    """A sign-out endpoint: a DELETE there ends a session, nothing more (Devise's DELETE
    /users/sign_out, the Rails 8 authentication generator's DELETE /session)."""
    for words in vocab.path_words(url):
        for i in range(len(words)):
            word = words[i]
            after = words[i + 1] if i + 1 < len(words) else ''
            if word in SESSION_WORDS or ((word == 'sign' or word == 'log') and (after == 'out' or after == 'off')):
                return True
    return False


def _override_reasons(method, url, what, via):
    """A DELETE anywhere but a sign-out endpoint; a POST/PUT/PATCH to a path that names an act or a
    noun of effect."""
    path = _path_of(url)
    if method == 'delete':
        if _is_session(url):
            return []
        return [what + ' sends a DELETE request' + (' to ' + path if len(path) > 0 else '') + ' (' + via + ')']
    if method in OVERRIDE_METHODS:
        for hit in vocab.path_hits(url):
            if _decisive(hit, True):
                return [what + ' sends a ' + method.upper() + ' request to ' + path + _why(hit)]
    return []


def _request_reasons(ctx, href, extra):
    """What a framework's attributes make of the click (risk/tab.py: Rails UJS data-method and
    data-confirm, Turbo's data-turbo-*, htmx hx-delete/hx-post... and hx-confirm)."""
    req = ctx['request'] if has_key(ctx, 'request') and kind_of(ctx['request']) == 'object' else None
    if req is None:
        return []
    method = _lower(_text(req, 'method'))
    url = _text(req, 'url')
    if len(url) == 0:
        url = href
    reasons = _override_reasons(method, url, 'it', _text(req, 'via'))
    confirm = _text(req, 'confirm')
    if len(confirm) > 0:
        hit = _first(vocab.hits_in(confirm, 'context'), True, False)
        if hit is not None:
            reasons.append('the page asks ' + _quote(confirm) + ' before it acts' + _why(hit))
        elif len(extra_hits(confirm, extra)) > 0:
            reasons.append('the page asks ' + _quote(confirm) + ' before it acts')
        elif len(reasons) == 0 and method in OVERRIDE_METHODS and not _is_session(url):
            reasons.append('the page asks ' + _quote(confirm) + ' before it sends a ' + method.upper() +
                           ' request to ' + _path_of(url))
    return reasons


def _section_reasons(ctx):
    """A confirm-style or bare control outside any dialog takes the intent of the heading it sits
    under ("Delete your account" ... "Continue"): its acts and multi-word marks, not its nouns, read as
    in a name (a short label or the verb first), so a headline ("Skeletons fail to sell at auction")
    does not count."""
    heading = _text(ctx, 'section')
    hit = _first(vocab.hits_in(heading, 'name'), False, False)
    if hit is not None:
        return ['under the heading ' + _quote(heading) + _why(hit)]
    return []


def _page_reasons(ctx, page_url):
    path = _path_of(page_url)
    for hit in vocab.path_hits(page_url):
        if hit['kind'] == 'act' and hit['base'] != 'either':
            return ['on the page ' + path + _why(hit)]
    title = _text(ctx, 'page_title')
    hit = _first(vocab.hits_in(title, 'name'), False, False)
    if hit is not None:
        return ['on the page titled ' + _quote(title) + _why(hit)]
    return []


def classify(target, policy):
    """{risk, reasons: [text]} for a click, a submitting type or an Enter press. target: {name, role,
    href, page_url, submits, form: {name, action, method, fields, secret_fields: [kind]}|None,
    context: {description, description_from, icon, dialog: {role, name, heading, description, text}|None,
    form: {submit_name, method_override}|None, href_url, link_submits, request: {method, url, via,
    confirm}|None, section, page_title}} (context may be missing); policy: {sensitive_hosts,
    extra_terms}. The rules, in order (docs/SECURITY.md): the element's own words, its dialog, its
    form (a link whose script submits it too), its link target, the request a framework attribute
    makes of it, the heading it sits under, its page, the sensitive hosts."""
    reasons = []
    if kind_of(target) != 'object':
        return {'risk': IRREVERSIBLE, 'reasons': ['the target could not be described']}
    extra = policy['extra_terms'] if kind_of(policy) == 'object' and has_key(policy, 'extra_terms') else None
    sensitive = policy['sensitive_hosts'] if kind_of(policy) == 'object' and has_key(policy, 'sensitive_hosts') else None
    ctx = target['context'] if has_key(target, 'context') and kind_of(target['context']) == 'object' else {}
    form = target['form'] if has_key(target, 'form') and kind_of(target['form']) == 'object' else None
    fctx = ctx['form'] if has_key(ctx, 'form') and kind_of(ctx['form']) == 'object' else {}
    dialog = ctx['dialog'] if has_key(ctx, 'dialog') and kind_of(ctx['dialog']) == 'object' else None
    submits = has_key(target, 'submits') and target['submits'] is True
    role = _text(target, 'role')
    if len(role) == 0:
        role = 'element'
    if role == 'link' and has_key(ctx, 'link_submits') and ctx['link_submits'] is True:
        submits = True
    name = _text(target, 'name')
    reasons.extend(_own_reasons(target, ctx, role, name, extra))
    style = vocab.name_style(name)
    takes = style == 'confirm' or style == 'bare'
    dismiss = style == 'dismiss' and len(reasons) == 0
    buttonish = role == 'button' or role == 'menuitem' or submits
    if dialog is not None and not dismiss:
        reasons.extend(_dialog_reasons(dialog, takes, buttonish, extra))
    if form is not None and not dismiss and (submits or (takes and role == 'button')):
        reasons.extend(_form_reasons(target, form, fctx, role, extra))
    href = ''
    if role == 'link':
        href = _text(ctx, 'href_url')
        if len(href) == 0:
            href = _text(target, 'href')
        for hit in vocab.path_hits(href):
            if hit['base'] == 'act' and _decisive(hit, False):
                reasons.append('the link goes to ' + _path_of(href) + _why(hit))
                break
    reasons.extend(_request_reasons(ctx, href, extra))
    if takes and dialog is None and len(reasons) == 0:
        reasons.extend(_section_reasons(ctx))
    page_url = target['page_url'] if has_key(target, 'page_url') else None
    if takes and dialog is None and not submits and len(reasons) == 0:
        reasons.extend(_page_reasons(ctx, page_url))
    if host_matches(host_of(page_url), sensitive):
        reasons.append('the page is marked sensitive')
    return {'risk': IRREVERSIBLE if len(reasons) > 0 else WRITE, 'reasons': reasons}


def preview(method, target, reasons, text):
    """The approval window's text: the action, the element, what it sits in (dialog, form), the page,
    and why approval is needed."""
    if kind_of(target) != 'object':
        target = {}
    ctx = target['context'] if has_key(target, 'context') and kind_of(target['context']) == 'object' else {}
    action = 'Click' if method == 'click' else ('Press Enter in' if method == 'press' else 'Type and submit')
    sections = [['Action', action + ' "' + _text(target, 'name') + '"']]
    role = target['role'] if has_key(target, 'role') else None
    if kind_of(role) == 'string':
        href = _text(ctx, 'href_url')
        if len(href) == 0:
            href = _text(target, 'href')
        sections.append(['Element', role + (' \u2192 ' + href if len(href) > 0 else '')])
    desc = _text(ctx, 'description')
    if len(desc) > 0:
        sections.append(['Described as', desc])
    if kind_of(text) == 'string':
        sections.append(['Text', text])
    dialog = ctx['dialog'] if has_key(ctx, 'dialog') and kind_of(ctx['dialog']) == 'object' else None
    if dialog is not None:
        title = _text(dialog, 'name')
        if len(title) == 0:
            title = _text(dialog, 'heading')
        about = _text(dialog, 'description')
        sections.append(['Dialog', (title if len(title) > 0 else '(unnamed)') + (' \u2014 ' + about if len(about) > 0 else '')])
    form = target['form'] if has_key(target, 'form') and kind_of(target['form']) == 'object' else None
    if form is not None:
        label = _text(form, 'name')
        if len(label) == 0:
            label = '(unnamed)'
        action_url = _text(form, 'action')
        method_name = _text(form, 'method').upper()
        sections.append(['Form', label + (' \u2192 ' + (method_name + ' ' if len(method_name) > 0 else '') + action_url
                                          if len(action_url) > 0 else '')])
        if has_key(form, 'fields') and kind_of(form['fields']) == 'array' and len(form['fields']) > 0:
            sections.append(['Fields', form['fields']])
    page = target['page_url'] if has_key(target, 'page_url') and kind_of(target['page_url']) == 'string' else ''
    title = _text(ctx, 'page_title')
    sections.append(['Page', page + (' (' + title + ')' if len(title) > 0 else '')])
    if kind_of(reasons) == 'array' and len(reasons) > 0:
        sections.append(['Why approval', reasons])
    return build_preview(sections, None)


# --- a page's own tools (WebMCP) ------------------------------------------------------------------

def identifier_words(name):
    """A tool name as words for the vocabulary: buyNow -> buy Now (underscores, dashes, dots and
    colons already break words)."""
    if kind_of(name) != 'string':
        return ''
    parts = []
    before = ''
    for ch in name:
        if before != '' and ch != ch.lower() and before == before.lower() and before != before.upper():
            parts.append(' ')
        parts.append(ch)
        before = ch
    return ''.join(parts)


def page_tool_risk(tool, extra_terms):
    """{risk, reasons} for a call of a page's own tool (a descriptor: sites/page/webmcp/page_tools.py). read
    only when the page declares it read-only (readOnlyHint), does not mark it consequential, and
    neither its name, title, description nor (a declarative form's) action matches the destructive
    or financial vocabulary; anything else is irreversible. The hints are the page's words: they
    never lower what the vocabulary raises."""
    if kind_of(tool) != 'object':
        return {'risk': IRREVERSIBLE, 'reasons': ['the tool could not be described']}
    reasons = []
    form = tool['form'] if has_key(tool, 'form') and kind_of(tool['form']) == 'object' else {}
    # what each of the page's words is: a name and a title read like a control's name; a description
    # says what the tool does (its nouns of effect count, as a dialog's do); a form action is a path
    for part in [['name', tool, 'local', 'name', False], ['title', tool, 'title', 'name', False],
                 ['description', tool, 'description', 'context', True], ['form action', form, 'action', 'path', True]]:
        source = part[1]
        text = source[part[2]] if has_key(source, part[2]) and kind_of(source[part[2]]) == 'string' else ''
        if part[0] == 'name':
            text = identifier_words(text)
        hit = _first(vocab.hits_in(text, part[3]), part[4], False)
        word = hit['form'] if hit is not None else None
        if word is None:
            extra = extra_hits(text, extra_terms)
            word = extra[0] if len(extra) > 0 else None
        if word is not None:
            reasons.append('its ' + part[0] + ' matches "' + word + '", whatever its hints say')
    hints = tool['annotations'] if has_key(tool, 'annotations') and kind_of(tool['annotations']) == 'object' else {}
    if has_key(hints, 'consequentialHint') and hints['consequentialHint'] is True:
        reasons.append('the page marks it consequential')
    if not (has_key(hints, 'readOnlyHint') and hints['readOnlyHint'] is True):
        reasons.append('the page does not declare it read-only')
    return {'risk': 'read' if len(reasons) == 0 else IRREVERSIBLE, 'reasons': reasons}
