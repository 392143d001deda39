"""The page tool's risk judge as it was before issue 23 (siteagent_src/sites/page/risk.py at commit 026a07a),
kept verbatim below this docstring for the false-positive bench (bench/judge/run.py): the "before" figure.
Pure CPython; not part of the extension."""
from core.jsonval import kind_of, has_key
from core.origins import host_of
from core.preview import build_preview
from sites.page.verbs import verb_of

WRITE = 'write'
IRREVERSIBLE = 'irreversible'
ALLOWED_SCHEMES = ['http', 'https']

# Destructive or financial words, matched as whole words (Latin, Cyrillic, Greek) or as substrings
# (CJK, Thai, Arabic, Hebrew scripts without spaces between words). Lower case.
VOCABULARY = [
    # English
    'delete', 'remove', 'erase', 'destroy', 'pay', 'pay now', 'buy', 'buy now', 'purchase', 'order', 'place order',
    'checkout', 'check out', 'transfer', 'send', 'send money', 'unsubscribe', 'cancel subscription',
    'cancel membership', 'close account', 'deactivate', 'wipe', 'donate', 'confirm payment',
    'withdraw', 'sell',
    # German
    'löschen', 'entfernen', 'bezahlen', 'zahlen', 'jetzt bezahlen', 'kaufen', 'jetzt kaufen', 'bestellen',
    'zahlungspflichtig bestellen', 'kasse', 'zur kasse', 'überweisen', 'überweisung', 'senden', 'absenden',
    'abbestellen', 'abmelden', 'kündigen', 'abo kündigen',
    # French
    'supprimer', 'effacer', 'retirer', 'payer', 'acheter', 'commander', 'passer commande', 'paiement',
    'virement', 'transférer', 'envoyer', 'se désabonner', 'désabonner', "annuler l'abonnement", 'résilier',
    # Spanish / Portuguese / Italian
    'eliminar', 'borrar', 'quitar', 'pagar', 'comprar', 'pedir', 'realizar pedido', 'finalizar compra',
    'transferir', 'enviar', 'darse de baja', 'cancelar suscripción', 'excluir', 'apagar', 'remover',
    'finalizar pedido', 'cancelar assinatura', 'elimina', 'cancella', 'rimuovi', 'paga', 'acquista', 'compra',
    'ordina', 'invia', 'trasferisci', 'bonifico', 'annulla abbonamento', "disiscriviti",
    # Dutch / Polish
    'verwijderen', 'betalen', 'kopen', 'bestellen', 'afrekenen', 'overmaken', 'verzenden', 'opzeggen',
    'usuń', 'zapłać', 'kup', 'zamów', 'przelew', 'wyślij', 'anuluj subskrypcję',
    # Russian / Ukrainian
    'удалить', 'оплатить', 'купить', 'заказать', 'оформить заказ', 'перевести', 'отправить', 'отписаться',
    'видалити', 'оплатити', 'купити', 'замовити', 'надіслати',
    # Turkish
    'sil', 'öde', 'satın al', 'sipariş ver', 'gönder', 'aboneliği iptal et',
]
SUBSTRING_VOCABULARY = [
    # Chinese
    '删除', '刪除', '移除', '支付', '付款', '购买', '購買', '下单', '下單', '结算', '結帳', '转账', '轉帳', '发送', '發送',
    '退订', '取消订阅', '立即购买',
    # Japanese
    '削除', '支払', '購入', '注文', '決済', '送金', '送信', '退会', '解約', '購読解除',
    # Korean
    '삭제', '결제', '구매', '주문', '송금', '보내기', '구독 취소', '탈퇴',
    # Arabic / Hebrew / Hindi
    'حذف', 'ادفع', 'دفع', 'شراء', 'اشتر', 'إرسال', 'تحويل', 'מחק', 'תשלום', 'קנה', 'שלח', 'हटाएं', 'भुगतान', 'खरीदें',
]
PAYMENT_HINTS = ['cc-number', 'cc-csc', 'cc-exp', 'cc-exp-month', 'cc-exp-year', 'cc-name', 'cc-type',
                 'cardnumber', 'card-number', 'card_number', 'cardnum', 'ccnumber', 'cc_number', 'creditcard',
                 'credit-card', 'credit_card', 'cvc', 'cvv', 'csc', 'securitycode', 'security-code', 'iban',
                 'card number', 'kartennummer', 'numéro de carte', 'número de tarjeta', 'expiry', 'expiration']


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


def vocabulary_hits(text, extra_terms):
    """The vocabulary terms found in text (list, in vocabulary order)."""
    norm = _normalise(text)
    hits = []
    if len(norm) == 0:
        return hits
    terms = list(VOCABULARY)
    if kind_of(extra_terms) == 'array':
        for term in extra_terms:
            if kind_of(term) == 'string' and len(term) > 0:
                terms.append(_normalise(term))
    for term in terms:
        if len(term) > 0 and term not in hits and contains_word(norm, term):
            hits.append(term)
    for term in SUBSTRING_VOCABULARY:
        if norm.find(term) >= 0 and term not in hits:
            hits.append(term)
    return hits


def field_is_secret(field):
    """A form field descriptor {type, autocomplete, name, id, label} holds a password or payment data."""
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
    words = []
    for key in ['name', 'id', 'label']:
        if has_key(field, key) and kind_of(field[key]) == 'string':
            words.append(_lower(field[key]))
    joined = ' '.join(words)
    for hint in PAYMENT_HINTS:
        if hint.find('-') < 0 and hint.find('_') < 0 and hint.find(' ') < 0 and len(hint) <= 4:
            if contains_word(_normalise(joined), hint):
                return 'payment'
        elif joined.find(hint) >= 0:
            return 'payment'
    return None


def scheme_of(url):
    """The URL's scheme as a URL parser sees it (C0/space trimmed, tab/newline removed), lower case."""
    if kind_of(url) != 'string':
        return None
    chars = []
    started = False
    found = False
    for ch in url:
        if not started and ch <= ' ':
            continue
        started = True
        if ch == '\t' or ch == '\n' or ch == '\r':
            continue
        if ch == ':':
            found = True
            break
        chars.append(ch)
        if len(chars) > 40:
            return None
    if not found or len(chars) == 0:
        return None
    scheme = ''.join(chars).lower()
    for ch in scheme:
        if not ((ch >= 'a' and ch <= 'z') or (ch >= '0' and ch <= '9') or ch == '+' or ch == '-' or ch == '.'):
            return None
    return scheme


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


def href_refused(href):
    """A link target the page tool must not follow by clicking (javascript:, data:, file:, chrome:...)."""
    scheme = scheme_of(href)
    if scheme is None:
        return False
    return scheme == 'javascript' or scheme == 'data' or scheme == 'file' or scheme == 'chrome' \
        or scheme == 'chrome-extension' or scheme == 'vbscript' or scheme == 'view-source' or scheme == 'filesystem'


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


def classify(target, policy):
    """{risk, reasons: [text]} for a click / submitting type. target: {name, role, href, page_url,
    submits, form: {name, action, secret_fields: [kind]}|None}; policy: {sensitive_hosts, extra_terms}."""
    reasons = []
    if kind_of(target) != 'object':
        return {'risk': IRREVERSIBLE, 'reasons': ['the target could not be described']}
    extra = policy['extra_terms'] if kind_of(policy) == 'object' and has_key(policy, 'extra_terms') else None
    sensitive = policy['sensitive_hosts'] if kind_of(policy) == 'object' and has_key(policy, 'sensitive_hosts') else None
    form = target['form'] if has_key(target, 'form') and kind_of(target['form']) == 'object' else None
    submits = has_key(target, 'submits') and target['submits'] is True
    if form is not None and submits:
        secrets = form['secret_fields'] if has_key(form, 'secret_fields') and kind_of(form['secret_fields']) == 'array' else []
        if 'password' in secrets:
            reasons.append('submits a form with a password field')
        if 'payment' in secrets:
            reasons.append('submits a form with a payment or card field')
    name = target['name'] if has_key(target, 'name') else ''
    hits = vocabulary_hits(name, extra)
    if len(hits) > 0:
        reasons.append('its name matches "' + hits[0] + '"')
    if form is not None and submits:
        action_hits = vocabulary_hits(form['action'] if has_key(form, 'action') else '', extra)
        if len(action_hits) > 0:
            reasons.append('its form action matches "' + action_hits[0] + '"')
        form_hits = vocabulary_hits(form['name'] if has_key(form, 'name') else '', extra)
        if len(form_hits) > 0 and len(hits) == 0:
            reasons.append('its form name matches "' + form_hits[0] + '"')
    page_url = target['page_url'] if has_key(target, 'page_url') else None
    if host_matches(host_of(page_url), sensitive):
        reasons.append('the page is marked sensitive')
    return {'risk': IRREVERSIBLE if len(reasons) > 0 else WRITE, 'reasons': reasons}


def preview(method, target, reasons, text):
    """The approval window's text: the action, the element, its form and the page URL."""
    if kind_of(target) != 'object':
        target = {}
    action = 'Click' if method == 'click' else 'Type and submit'
    sections = [['Action', action + ' "' + (target['name'] if has_key(target, 'name') and kind_of(target['name']) == 'string' else '') + '"']]
    role = target['role'] if has_key(target, 'role') else None
    if kind_of(role) == 'string':
        sections.append(['Element', role + (' → ' + target['href'] if has_key(target, 'href') and kind_of(target['href']) == 'string' else '')])
    if kind_of(text) == 'string':
        sections.append(['Text', text])
    form = target['form'] if has_key(target, 'form') and kind_of(target['form']) == 'object' else None
    if form is not None:
        label = form['name'] if has_key(form, 'name') and kind_of(form['name']) == 'string' and len(form['name']) > 0 else '(unnamed)'
        action_url = form['action'] if has_key(form, 'action') and kind_of(form['action']) == 'string' else ''
        sections.append(['Form', label + (' → ' + action_url if len(action_url) > 0 else '')])
        if has_key(form, 'fields') and kind_of(form['fields']) == 'array' and len(form['fields']) > 0:
            sections.append(['Fields', form['fields']])
    sections.append(['Page', target['page_url'] if has_key(target, 'page_url') else ''])
    if kind_of(reasons) == 'array' and len(reasons) > 0:
        sections.append(['Why approval', reasons])
    return build_preview(sections, None)
