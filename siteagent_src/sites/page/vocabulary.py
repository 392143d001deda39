"""The words of irreversible effect, per language, as data with their sources; and the pure matcher
that finds them in a name, a dialog title, a form action or a path. CPython and JS (parity-tested).

A language is a dict (LANGUAGES below):
    code, sources: where its words were checked (repository, path, commit) or what they rest on;
    script: 'words' (letters with case, words between spaces: matched per token) or
            'cjk' (no word boundaries: matched as substrings);
    terms: [{concept, kind, forms, needs?, not_next?}]
        kind 'act': a verb form (imperative, infinitive, 3rd person, gerund): irreversible on its own;
             'either': spelled the same as a noun (order, transfer, trash): a verb at the start of a
                       phrase ("Order now"), a noun elsewhere ("Your order");
             'noun': the act named as a thing (payment, deletion): irreversible only next to a
                     commit word ("Confirm payment") or where it names a dialog's, a form's or an
                     endpoint's purpose;
             'mark': says the effect cannot be reversed ("cannot be undone");
        forms: patterns. 'delet(e|es|ing)' expands its groups; a leading '*' lets the word carry any
               prefix (German compounds: 'Kontolöschung'); a trailing '*' any ending; a space
               separates the words of a phrase (consecutive tokens);
        needs: an object the verb needs in the same phrase to mean the irreversible thing
               ('cancel' + subscription; 'leave' + group; 'close' + account); a key of `objects`;
        not_next: tokens that, right after the verb, make it something else ("sign in", "order by").
    objects: {key: [patterns]}; commit: the words that turn a noun into an act ("Confirm payment");
    confirm: the words of a confirm-style name ("Yes", "OK", "Continue"), which takes the intent
             of the dialog, form or page around it; dismiss: the words of a name that backs out
             ("Cancel", "No", "Close"); info: nouns that make a noun phrase a place, not an act
             ("Payment history", "Historial de pedidos"); benign: objects whose removal or
             withdrawal is an everyday act ("Remove filter", "withdraw consent"); marks: see kind.
Past participles and adjectives ("Deleted items", "Sent", "Paid") are left out on purpose: they
name a state, not an act.
"""
from core.jsonval import kind_of

SOURCE_DAWN = 'Shopify/dawn locales/<lang>.json @ 9ccdacf81f175c7caeebc28348e50bcb02ef8fc7 (cart.checkout, ' \
    'addresses.delete, facets.clear_filter, orders.title, log_out, accessibility.close)'
SOURCE_MASTODON = 'mastodon/mastodon-android mastodon/src/main/res/values-<lang>/strings.xml @ ' \
    '24ab4a0c57ae417aa074a2666882041f2aecad25 (delete, discard, confirm, remove, unfollow, log_out, clear_all)'
SOURCE_GRAMMAR = 'inflections: the regular paradigms of the language (Wiktionary conjugation and declension tables)'
SOURCE_ISSUE = 'the verbs of irreversible effect listed in issue 23'
SOURCE_OLD = 'kept from the earlier whole-word vocabulary (sites/page/risk.py before issue 23)'

ICONS = [
    # U+1F5D1 WASTEBASKET and U+1F6AE PUT LITTER IN ITS PLACE: a delete button drawn as a bin.
    {'char': '\U0001F5D1', 'concept': 'delete', 'label': 'a wastebasket'},
    {'char': '\U0001F6AE', 'concept': 'delete', 'label': 'a litter bin'},
    # U+1F4B3 CREDIT CARD and U+1F4B8 MONEY WITH WINGS: a pay button drawn as a card or flying money.
    {'char': '\U0001F4B3', 'concept': 'pay', 'label': 'a credit card'},
    {'char': '\U0001F4B8', 'concept': 'pay', 'label': 'money with wings'},
]
# Words in an icon's class, data-icon or sprite name (Font Awesome fa-trash, Material "delete",
# Bootstrap Icons bi-trash3) that draw a bin. Not "remove": glyphicon-remove is a close cross.
ICON_WORDS = ['trash', 'trash3', 'trashcan', 'bin', 'garbage', 'wastebasket', 'delete', 'deleteforever', 'erase']
# What a close or back control is drawn with: never destructive on its own.
DISMISS_CHARS = ['\u2715', '\u2716', '\u00d7', '\u2a2f', '\u274c', '\u274e', '\u2190', '\u2039', '\u00ab']

EN = {
    'code': 'en', 'script': 'words',
    'sources': [SOURCE_ISSUE, SOURCE_DAWN, SOURCE_MASTODON, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['subscription*', 'membership*', 'plan', 'plans', 'order', 'orders', 'booking*', 'reservation*',
                        'account', 'trial', 'contract*', 'payment*', 'transfer*', 'renewal*', 'auto', 'service',
                        'appointment*', 'flight*', 'ticket*', 'policy', 'donation*', 'pledge*'],
        'accounts': ['account*', 'profile*', 'membership*', 'store', 'shop', 'workspace*', 'organization*',
                     'organisation*', 'instance*', 'server*', 'database*', 'cluster*', 'site', 'website',
                     'repository', 'repositories', 'repo', 'repos'],
        'groups': ['group*', 'team*', 'channel*', 'community', 'communities', 'server*', 'organization*',
                   'organisation*', 'workspace*', 'project*', 'household', 'family', 'club*', 'conversation*',
                   'chat*', 'room*', 'space*', 'circle*', 'list'],
        'trash': ['trash', 'bin', 'wastebasket', 'recycle', 'garbage'],
        'data': ['data', 'history', 'everything', 'factory', 'message*', 'conversation*', 'chat*', 'inbox', 'storage',
                 'record*', 'account*', 'cache', 'device', 'memory', 'memories', 'photo*', 'file*', 'content*'],
        'filings': ['application*', 'claim*', 'order*', 'payment*', 'return*', 'appeal*', 'petition*', 'resignation*',
                    'bid*', 'offer*', 'vote*', 'ballot*', 'tax', 'taxes', 'transfer*', 'purchase*'],
        'purchases': ['plan', 'premium', 'pro', 'subscription*', 'membership*', 'tier', 'room*', 'flight*',
                      'ticket*', 'table', 'seat*', 'stay', 'trip', 'hotel*', 'appointment*', 'tour*', 'class*'],
        'money': ['money', 'funds', 'fund', 'cash', 'payment*', 'balance', 'earnings', 'crypto', 'bitcoin', 'usd',
                  'eur', 'gbp'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['delet(e|es|ing)', 'remov(e|es|ing)', 'eras(e|es|ing)',
                                                       'wip(e|es|ing)', 'purg(e|es|ing)', 'destroy(|s|ing)',
                                                       'discard(|s|ing)', 'obliterat(e|es|ing)', 'shred(|s|ding)',
                                                       'nuk(e|es|ing)', 'terminat(e|es|ing)', 'unsend', 'expunge']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['clear(|s|ing)', 'reset(|s|ting)'], 'needs': 'data'},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mov(e|es|ing)', 'send(|s|ing)', 'throw(|s|ing)', 'put'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['deletion(|s)', 'removal(|s)', 'erasure(|s)', 'purge(|s)',
                                                        'termination(|s)']},
        {'concept': 'trash', 'kind': 'either', 'forms': ['trash(|es|ing)', 'bin']},
        {'concept': 'empty', 'kind': 'either', 'forms': ['empt(y|ies|ying)']},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['revok(e|es|ing)', 'rescind(|s|ing)']},
        {'concept': 'revoke', 'kind': 'noun', 'forms': ['revocation(|s)']},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['deactivat(e|es|ing)']},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['disabl(e|es|ing)', 'suspend(|s|ing)'], 'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'noun', 'forms': ['deactivation(|s)']},
        {'concept': 'close account', 'kind': 'act', 'forms': ['clos(e|es|ing)', 'shut(|s|ting)'], 'needs': 'accounts'},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['cancel(|s|ing|ling)', 'end(|s|ing)', 'stop(|s|ping)',
                                                       'discontinu(e|es|ing)', 'withdraw(|s|ing) from'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['cancellation(|s)', 'cancelation(|s)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['unsubscrib(e|es|ing)', 'opt(|s|ing) out']},
        {'concept': 'leave', 'kind': 'act', 'forms': ['leav(e|es|ing)', 'quit(|s|ting)', 'exit(|s|ing)'],
         'needs': 'groups'},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pay(|s|ing)', 'prepay']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['payment(|s)', 'prepayment(|s)', 'remittance(|s)']},
        {'concept': 'charge', 'kind': 'either', 'forms': ['charg(e|es|ing)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['buy(|s|ing)', 'preorder(|s|ing)', 'pre order', 'reorder',
                                                    '(book|reserve|upgrade|renew|rent|enrol|enroll) now']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['sell(|s|ing)'], 'not_next': ['off', 'out']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['book(|s|ing)', 'reserv(e|es|ing)', 'upgrad(e|es|ing)',
                                                    'renew(|s|ing)', 'enrol(|l|s|ls|ling)', 'hire', 'rent(|s|ing)'],
         'needs': 'purchases'},
        {'concept': 'purchase', 'kind': 'either', 'forms': ['purchas(e|es|ing)']},
        {'concept': 'purchase', 'kind': 'noun', 'forms': ['sale', 'booking(|s)', 'reservation(|s)']},
        {'concept': 'purchase', 'kind': 'either', 'forms': ['bid(|s)']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['top up', 'add (funds|money|credit)', 'reload balance']},
        {'concept': 'order', 'kind': 'either', 'forms': ['order(|s|ing)'], 'not_next': ['by', 'of', 'in']},
        {'concept': 'checkout', 'kind': 'either', 'forms': ['checkout', 'check out'],
         'not_next': ['our', 'the', 'this', 'these', 'those', 'more', 'all', 'what', 'how', 'why', 'my', 'his',
                      'her', 'their', 'a', 'an', 'some', 'new', 'latest']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['donat(e|es|ing)', 'contribut(e|es|ing)', 'pledge']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['donation(|s)', 'contribution(|s)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['subscrib(e|es|ing)', 'resubscrib(e|es|ing)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['subscription(|s)', 'membership(|s)']},
        {'concept': 'transfer', 'kind': 'either', 'forms': ['transfer(|s|ring)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['wire'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['send(|s|ing)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['send(|s|ing)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['remit', 'cash out', 'payout', 'pay out']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['withdraw(|s|ing)']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['withdrawal(|s)']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['sign(|s|ing)', 'countersign', 'esign'],
         'not_next': ['in', 'up', 'out', 'on', 'off', 'into', 'with', 'me', 'language', 'languages']},
        {'concept': 'sign', 'kind': 'noun', 'forms': ['signature(|s)']},
        {'concept': 'submit application', 'kind': 'act', 'forms': ['submit(|s|ting)', 'file', 'lodge', 'cast',
                                                                   'apply'],
         'needs': 'filings'},
        {'concept': 'submit application', 'kind': 'noun', 'forms': ['application(|s)', 'submission(|s)']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['cannot be (undone|reversed|recovered|restored)', 'can not be (undone|reversed|recovered|restored)',
                   'can t be (undone|reversed|recovered|restored)', 'won t be able to (undo|recover|restore)',
                   'no way to (undo|recover|restore)', 'not be (undone|reversed|recoverable|restored)',
                   'permanent(|ly)', 'irreversibl(e|y)', 'irrevocabl(e|y)', 'irrecoverabl(e|y)', 'unrecoverable',
                   'forever', 'for good']},
    ],
    'commit': ['confirm', 'complete', 'submit', 'make', 'place', 'finish', 'finalize', 'finalise', 'authorize',
               'authorise', 'approve', 'process', 'execute', 'send', 'start', 'begin', 'initiate', 'accept'],
    'confirm': ['yes', 'yeah', 'yep', 'ok', 'okay', 'confirm', 'confirmed', 'continue', 'proceed', 'i', 'understand',
                'understood', 'done', 'accept', 'agree', 'submit', 'go', 'ahead', 'sure', 'm', 'am', 'do', 'it',
                'please', 'now', 'anyway', 'next', 'got', 'apply', 'save', 'finish', 'let', 's', 'absolutely',
                'all', 'right', 'fine', 'sounds', 'good', 'that', 'this', 'so', 'yup', 'affirmative', 'acknowledge',
                'acknowledged', 'really', 'alright', 'k', 'positive'],
    'dismiss': ['cancel', 'no', 'nope', 'close', 'back', 'keep', 'dismiss', 'stay', 'return', 'later', 'not', 'never',
                'mind', 'undo', 'skip', 'hide', 'x', 'exit', 'nevermind', 'abort', 'decline', 'reject', 'deny',
                'stop'],
    'info': ['history', 'histories', 'status', 'details', 'detail', 'summary', 'settings', 'setting', 'options',
             'option', 'methods', 'method', 'policy', 'policies', 'terms', 'info', 'information', 'number', 'numbers',
             'id', 'date', 'list', 'lists', 'limit', 'limits', 'page', 'pages', 'guide', 'guides', 'help', 'faq',
             'faqs', 'tracking', 'track', 'receipt', 'receipts', 'log', 'logs', 'records', 'overview', 'report',
             'reports', 'preferences', 'confirmation', 'confirmations', 'type', 'types', 'fee',
             'fees', 'address', 'folder', 'center', 'centre', 'plans', 'notes', 'total', 'amount', 'tips', 'news'],
    'status': ['placed', 'successful', 'successfully', 'success', 'confirmed', 'completed', 'received', 'processed',
               'approved', 'accepted', 'succeeded', 'failed', 'declined', 'thank', 'thanks', 'sent', 'paid',
               'cancelled', 'canceled', 'deleted', 'removed', 'scheduled', 'shipped', 'delivered'],
    'benign': ['filter*', 'consent', 'cookie*', 'selection', 'formatting', 'format', 'highlight*',
               'sort*', 'tag', 'tags', 'notification*', 'bookmark*', 'wishlist', 'favorite*', 'favourite*',
               'query', 'queries', 'quantity', 'coupon*', 'promo', 'discount*', 'attention', 'tribute', 'zoom',
               'ad', 'ads', 'advert*', 'popup', 'banner', 'message', 'mute', 'block'],
}

ES = {
    'code': 'es', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['suscripci*', 'membres*', 'pedido*', 'reserva*', 'cuenta', 'plan', 'abono', 'pago*',
                        'contrato*', 'orden*', 'compra*', 'transferencia*', 'cita*', 'vuelo*'],
        'accounts': ['cuenta', 'cuentas', 'perfil', 'membres*', 'tienda'],
        'groups': ['grupo*', 'equipo*', 'canal*', 'comunidad*', 'organizaci*', 'servidor*', 'proyecto*', 'chat',
                   'conversaci*', 'sala'],
        'trash': ['papelera', 'basura'],
        'money': ['dinero', 'fondos', 'saldo', 'efectivo'],
        'filings': ['solicitud*', 'reclamaci*', 'declaraci*', 'recurso*', 'candidatura*', 'oferta*', 'voto*'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['elimin(ar|a|e|ad|en|ando|arlo|arla|arlos|arlas)',
                                                       'borr(ar|a|e|ad|en|ando)', 'suprim(ir|e|a|id)',
                                                       'quit(ar|a)', 'descart(ar|a|e)', 'destru(ir|ye|ya)',
                                                       'purg(ar|a|ue)', 'vaci(ar|a|e)', 'vac\u00eda', 'vac\u00ede']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mov(er|ed)', 'mueve', 'mueva', 'enviar', 'tir(ar|a|e)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['eliminaci\u00f3n', 'borrado', 'supresi\u00f3n']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pag(ar|ad|uen|ando|ue)', 'abon(ar|e)']},
        {'concept': 'pay', 'kind': 'either', 'forms': ['paga']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['pago(|s)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['compr(ar|e|ad|en|ando)', 'ped(ir|id)', 'pide', 'pida',
                                                    'encarg(ar|a|ue)', 'contrat(ar|a|e)', 'reservar']},
        {'concept': 'buy', 'kind': 'either', 'forms': ['compra']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['pedido(|s)', 'compras', 'orden', 'reserva(|s)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['donar', 'donad', 'dona ahora', 'done ahora']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['donaci\u00f3n', 'donaciones', 'donativo(|s)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['suscrib(ir|irse|ete|ase|e|irme)', 'abon(arse|ate)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['suscripci\u00f3n', 'suscripciones']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['dar(|se|me) de baja', 'darse de baja', 'date de baja',
                                                            'desuscrib(ir|irse|irme)', 'desapuntar(|se|me)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transfer(ir|id)', 'transfiere', 'transfiera', 'remit(ir|e)',
                                                         'gir(ar|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['env(iar|\u00eda|\u00ede|iad)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['env(iar|\u00eda|\u00ede|iad)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['transferencia(|s)', 'env\u00edo', 'giro']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['retir(ar|a|e)']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['retiro']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['cancel(ar|a|e|ad)', 'anul(ar|a|e)', 'rescind(ir|e)'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['cancelaci\u00f3n', 'baja']},
        {'concept': 'close account', 'kind': 'act', 'forms': ['cerr(ar|ad)', 'cierr(a|e)'], 'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['desactiv(ar|a|e)', 'deshabilit(ar|a|e)'],
         'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['abandon(ar|a|e)', 'sal(ir|ga|id)', 'sal', 'dej(ar|a|e)'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['revoc(ar|a)', 'revoque(|n)']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['firm(ar|e|ad)']},
        {'concept': 'sign', 'kind': 'either', 'forms': ['firma']},
        {'concept': 'submit application', 'kind': 'act', 'forms': ['present(ar|a|e)', 'envi(ar|a|e)', 'solicit(ar|a|e)'],
         'needs': 'filings'},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['no se (puede|podr\u00e1) deshacer', 'no se (puede|podr\u00e1) recuperar', 'permanentemente',
                   'definitivamente', 'irreversible(|s)', 'para siempre', 'sin posibilidad de recuperaci\u00f3n']},
    ],
    'commit': ['confirmar', 'confirma', 'completar', 'completa', 'finalizar', 'finaliza', 'realizar', 'realiza',
               'tramitar', 'tramita', 'enviar', 'procesar', 'autorizar', 'efectuar', 'efect\u00faa', 'hacer', 'haz',
               'aceptar'],
    'confirm': ['s\u00ed', 'si', 'ok', 'vale', 'aceptar', 'acepto', 'confirmar', 'confirma', 'confirmo', 'continuar',
                'contin\u00faa', 'de', 'acuerdo', 'entendido', 'entiendo', 'lo', 'listo', 'hecho', 'seguir', 'sigue',
                'proceder', 'adelante', 'siguiente', 'estoy', 'seguro', 'segura', 'por', 'favor', 'claro'],
    'dismiss': ['cancelar', 'no', 'cerrar', 'volver', 'atr\u00e1s', 'mantener', 'conservar', 'ahora', 'm\u00e1s',
                'tarde', 'omitir', 'descartar', 'rechazar'],
    'info': ['historial', 'estado', 'detalle', 'detalles', 'resumen', 'm\u00e9todo', 'm\u00e9todos', 'forma', 'formas',
             'pol\u00edtica', 'pol\u00edticas', 'informaci\u00f3n', 'n\u00famero', 'seguimiento', 'lista',
             'condiciones', 'opciones', 'ajustes', 'configuraci\u00f3n'],
    'status': ['realizado', 'realizada', 'confirmado', 'confirmada', 'completado', 'completada', 'recibido', 'recibida',
               'gracias', '\u00e9xito', 'enviado', 'enviada', 'pagado', 'pagada'],
    'benign': ['filtro*', 'cookie*', 'consentimiento', 'selecci\u00f3n', 'formato', 'favorito*',
               'notificaci*', 'cup\u00f3n', 'descuento*'],
}

FR = {
    'code': 'fr', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['abonnement*', 'commande*', 'r\u00e9servation*', 'adh\u00e9sion*', 'compte', 'forfait*',
                        'paiement*', 'virement*', 'contrat*', 'souscription*', 'rendez', 'vol'],
        'accounts': ['compte', 'comptes', 'profil', 'adh\u00e9sion*', 'boutique'],
        'groups': ['groupe*', '\u00e9quipe*', 'canal', 'canaux', 'communaut\u00e9*', 'organisation*', 'serveur*',
                   'projet*', 'discussion*', 'conversation*', 'salon*'],
        'trash': ['corbeille', 'poubelle'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['supprim(er|e|ez|ons|ant)', 'effac(er|e|ez)',
                                                       'retir(er|e|ez)', 'enlev(er|ez)', 'enl\u00e8ve',
                                                       'd\u00e9trui(re|s|sez)', 'purg(er|e|ez)', 'vid(er|ez)',
                                                       'jet(er|ez)', 'jette', '\u00e9limin(er|e|ez)']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mettre', 'mettez', 'mets', 'plac(er|ez)', 'd\u00e9plac(er|ez)',
                                                       'envoy(er|ez)'], 'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['suppression(|s)', 'effacement']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pay(er|ez|e)', 'paie', 'r\u00e9gler la commande']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['paiement(|s)', 'r\u00e8glement']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['achet(er|ez)', 'ach\u00e8te', 'command(er|ez)', 'r\u00e9serv(er|ez)',
                                                    'vend(re|ez)', 'lou(er|ez)']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['achat(|s)', 'commande(|s)', 'r\u00e9servation(|s)']},
        {'concept': 'checkout', 'kind': 'noun', 'forms': ['caisse']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['don(|s)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['abonn(er|ez)', 'souscri(re|vez|s)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['abonnement(|s)', 'souscription(|s)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['d\u00e9sabonn(er|ez)', 'd\u00e9sinscri(re|vez|s)',
                                                            'r\u00e9sili(er|ez)']},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['r\u00e9siliation(|s)', 'annulation(|s)', 'd\u00e9sabonnement']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transf\u00e9r(er|ez)', 'transf\u00e8re', 'vir(er|ez)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envoy(er|ez)', 'envoie'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['virement(|s)', 'transfert(|s)', 'envoi']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['retrait(|s)']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['annul(er|ez)', 'arr\u00eat(er|ez)', 'mettre fin', 'terminer'],
         'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['ferm(er|ez)', 'ferme', 'cl\u00f4tur(er|ez)'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['d\u00e9sactiv(er|ez)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['quitt(er|ez|e)', 'sortir', 'partir'], 'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['r\u00e9voqu(er|ez)', 'r\u00e9voque']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['sign(er|ez)']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['irr\u00e9versible(|s)', 'd\u00e9finitivement', 'd\u00e9finitive', 'ne (peut|pourra) pas \u00eatre annul\u00e9e',
                   'ne (peut|pourra) pas \u00eatre annul\u00e9', 'ne (peut|pourra) pas \u00eatre r\u00e9cup\u00e9r\u00e9(|e|s|es)',
                   'pour toujours', 'permanente', 'permanent', 'irr\u00e9vocable']},
    ],
    'commit': ['confirmer', 'confirmez', 'valider', 'validez', 'finaliser', 'finalisez', 'passer', 'passez',
               'effectuer', 'effectuez', 'faire', 'faites', 'terminer', 'envoyer', 'soumettre', 'proc\u00e9der',
               'autoriser', 'lancer'],
    'confirm': ['oui', 'ok', 'd', 'accord', 'confirmer', 'confirmez', 'valider', 'validez', 'continuer', 'continuez',
                'poursuivre', 'compris', 'j', 'ai', 'accepter', 'accepte', 'j accepte', 'termin\u00e9', 'suivant',
                'c', 'est', 'parti', 'je', 'suis', 's\u00fbr', 's\u00fbre', 'bien', 'oui je', 'entendu', 'allez',
                'y', 'vas', 'go'],
    'dismiss': ['annuler', 'non', 'fermer', 'retour', 'revenir', 'garder', 'conserver', 'pas', 'plus',
                'tard', 'ignorer', 'refuser', 'passer'],
    'info': ['historique', '\u00e9tat', 'statut', 'd\u00e9tail', 'd\u00e9tails', 'r\u00e9capitulatif', 'moyen',
             'moyens', 'm\u00e9thode', 'm\u00e9thodes', 'politique', 'conditions', 'informations', 'suivi', 'liste',
             'num\u00e9ro', 'mode', 'modes', 'param\u00e8tres', 'options', '\u00e9tape'],
    'status': ['confirm\u00e9e', 'confirm\u00e9', 'effectu\u00e9', 'effectu\u00e9e', 'r\u00e9ussi', 'merci',
               're\u00e7u', 're\u00e7ue', 'envoy\u00e9', 'envoy\u00e9e', 'pass\u00e9e', 'valid\u00e9e', 'pay\u00e9'],
    'benign': ['filtre*', 'cookie*', 'consentement', 's\u00e9lection', 'mise', 'favori*',
               'notification*', 'coupon*', 'code'],
}

DE = {
    'code': 'de', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['*abo', '*abos', '*abonnement*', '*mitgliedschaft*', '*vertrag*', '*bestellung*',
                        '*buchung*', '*reservierung*', '*konto', '*tarif*', '*zahlung*', '*\u00fcberweisung*',
                        '*termin*', '*flug*', '*newsletter*', '*account*'],
        'accounts': ['*konto', '*kontos', '*profil', '*account*', '*mitgliedschaft*', '*shop'],
        'groups': ['*gruppe*', '*team*', '*kanal*', '*community*', '*organisation*', '*server*', '*projekt*',
                   '*unterhaltung*', '*chat*', '*raum'],
        'trash': ['*papierkorb', 'm\u00fcll*', 'abfall*'],
        'money': ['geld', 'betrag', 'guthaben', 'bargeld'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['*l\u00f6sch(en|e)', 'entfern(en|e)', 'verwerf(en|t)',
                                                       'verwirf', 'vernicht(en|e)', 'tilg(en|e)', '*leeren',
                                                       'bereinig(en|e)', 'wegwerfen', 'loeschen']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['verschieb(en|e)', 'werf(en|e)', 'legen'], 'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['*l\u00f6schung(|en)', 'entfernung']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['*bezahl(en|e)', 'zahl(en|e)', 'jetzt zahlen', 'begleich(en|e)']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['*zahlung(|en)', 'bezahlung']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['kauf(en|e)', 'jetzt kaufen', 'verkaufen', '*bestell(en|e)', 'buchen',
                                                    'reservier(en|e)', 'auscheck(en|e)', 'miet(en|e)', 'erwerb(en|e)']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['*kauf', '*bestellung(|en)', '*buchung(|en)', 'kasse']},
        {'concept': 'checkout', 'kind': 'act', 'forms': ['zur kasse']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['spend(en|e)', 'jetzt spenden']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['*spende']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['abonnier(en|e)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['*abonnement(|s)', '*abo', '*mitgliedschaft']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['abbestell(en|e)', 'k\u00fcndig(en|e)', 'stornier(en|e)',
                                                            'austragen', 'austreten']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['abmeld(en|e)', 'beend(en|e)', 'aufl\u00f6sen'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['*k\u00fcndigung(|en)', 'stornierung', '*storno']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u00fcberweis(en|e)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['*send(en|e)', 'versend(en|e)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['*send(en|e)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['*\u00fcberweisung(|en)']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['abheb(en|e)', 'auszahl(en)', 'auszahlen']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['*auszahlung', '*abhebung']},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['widerruf(en|e)', 'entzieh(en|e)']},
        {'concept': 'revoke', 'kind': 'noun', 'forms': ['*widerruf']},
        {'concept': 'close account', 'kind': 'act', 'forms': ['schlie\u00df(en|e)', 'aufl\u00f6sen'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['deaktivier(en|e)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['verlass(en|e)', 'verl\u00e4sst', 'austret(en|e)'],
         'needs': 'groups'},
        {'concept': 'sign', 'kind': 'act', 'forms': ['unterschreib(en|e)', 'unterzeichn(en|e)', 'signier(en|e)']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['endg\u00fcltig', 'dauerhaft', 'unwiderruflich', 'nicht r\u00fcckg\u00e4ngig', 'unumkehrbar',
                   'f\u00fcr immer', 'nicht wiederhergestellt', 'nicht wiederherstellbar']},
    ],
    'commit': ['best\u00e4tigen', 'best\u00e4tige', 'abschlie\u00dfen', 'ausf\u00fchren', 'durchf\u00fchren', 'absenden',
               'senden', 't\u00e4tigen', 'aufgeben', 'freigeben', 'autorisieren', 'einreichen', 'beantragen'],
    'confirm': ['ja', 'ok', 'okay', 'best\u00e4tigen', 'weiter', 'fortfahren', 'verstanden', 'einverstanden',
                'akzeptieren', 'annehmen', 'fertig', 'los', 'alles', 'klar', 'ich', 'bin', 'sicher', 'bitte',
                'trotzdem', 'jetzt', 'gut', 'genau', 'passt'],
    'dismiss': ['abbrechen', 'nein', 'schlie\u00dfen', 'zur\u00fcck', 'behalten', 'sp\u00e4ter', 'nicht',
                'verwerfen', 'ablehnen', '\u00fcberspringen'],
    'info': ['*historie', '*verlauf', '\u00fcbersicht', 'status', 'details', 'methoden', '*richtlinie*',
             'informationen', 'nummer', 'liste', 'einstellungen', 'optionen', 'bedingungen'],
    'status': ['erfolgreich', 'best\u00e4tigt', 'abgeschlossen', 'danke', 'eingegangen', 'gesendet', 'bezahlt',
               'aufgegeben'],
    'commit_after': True,
    'benign': ['*filter', 'cookie*', 'einwilligung*', 'auswahl', 'formatierung', 'favorit*',
               'benachrichtigung*', 'gutschein*', '*rabatt*'],
}

PT = {
    'code': 'pt', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['assinatura*', 'pedido*', 'reserva*', 'conta', 'plano*', 'inscri\u00e7*', 'pagamento*',
                        'encomenda*', 'contrato*', 'ades\u00e3o', 'transfer\u00eancia*', 'compra*', 'voo*'],
        'accounts': ['conta', 'contas', 'perfil', 'loja'],
        'groups': ['grupo*', 'equipe*', 'equipa*', 'canal', 'canais', 'comunidade*', 'organiza\u00e7*', 'servidor*',
                   'projeto*', 'projecto*', 'conversa*', 'sala'],
        'trash': ['lixeira', 'lixo', 'reciclagem'],
        'money': ['dinheiro', 'saldo', 'fundos', 'valor'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['exclu(ir|a|i|am)', 'elimin(ar|a|e|em)', 'apag(ar|a|ue)',
                                                       'remov(er|a|e)', 'esvazi(ar|a|e)', 'descart(ar|a|e)',
                                                       'destru(ir|a)', 'destr\u00f3i', 'limpar tudo']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mov(er|a|e)', 'envi(ar|e|a)', 'jog(ar|ue|a)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['exclus\u00e3o', 'remo\u00e7\u00e3o', 'elimina\u00e7\u00e3o']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pag(ar|ue|a)']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['pagamento(|s)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['compr(ar|e)', 'encomend(ar|e)', 'reservar',
                                                    'contrat(ar|e)', 'alug(ar|ue)', 'vend(er|a)']},
        {'concept': 'buy', 'kind': 'either', 'forms': ['compra']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['pedido(|s)', 'encomenda(|s)', 'compras', 'reserva(|s)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['doar', 'doe agora', 'contribu(ir|a)']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['doa\u00e7\u00e3o', 'doa\u00e7\u00f5es']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['assin(ar|e|a)', 'inscrev(er|a|e)(|-se)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['assinatura(|s)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['descadastr(ar|e)', 'desinscrev(er|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transfer(ir|a|e)', 'remet(er|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envi(ar|e)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envi(ar|e)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['transfer\u00eancia(|s)', 'pix', 'envio']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['sac(ar|ue)', 'levantar', 'retir(ar|e)']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['saque(|s)', 'levantamento']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['cancel(ar|e|a)', 'anul(ar|e)', 'rescind(ir|a)'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['cancelamento(|s)']},
        {'concept': 'close account', 'kind': 'act', 'forms': ['encerr(ar|e)', 'fech(ar|e)'], 'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['desativ(ar|e)', 'desactiv(ar|e)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['sa(ir|ia)', 'abandon(ar|e)', 'deix(ar|e)'], 'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['revog(ar|ue)']},
        {'concept': 'sign', 'kind': 'noun', 'forms': ['assinatura']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['n\u00e3o (pode|poder\u00e1) ser desfeit(a|o)', 'n\u00e3o (pode|poder\u00e1) ser recuperad(a|o|os|as)',
                   'permanentemente', 'definitivamente', 'irrevers\u00edve(l|is)', 'para sempre']},
    ],
    'commit': ['confirmar', 'confirme', 'finalizar', 'finalize', 'concluir', 'conclua', 'efetuar', 'efetue',
               'realizar', 'realize', 'enviar', 'fazer', 'fa\u00e7a', 'processar', 'autorizar', 'fechar'],
    'confirm': ['sim', 'ok', 'confirmar', 'confirmo', 'continuar', 'prosseguir', 'entendi', 'entendido', 'concordo',
                'aceitar', 'aceito', 'pronto', 'feito', 'de', 'acordo', 'tenho', 'certeza', 'seguinte', 'avan\u00e7ar',
                'por', 'favor', 'claro', 'estou', 'ciente'],
    'dismiss': ['cancelar', 'n\u00e3o', 'fechar', 'voltar', 'manter', 'agora', 'depois', 'mais', 'tarde', 'ignorar',
                'recusar', 'pular'],
    'info': ['hist\u00f3rico', 'status', 'estado', 'detalhe', 'detalhes', 'resumo', 'forma', 'formas',
             'm\u00e9todo', 'm\u00e9todos', 'pol\u00edtica', 'informa\u00e7\u00f5es', 'n\u00famero', 'lista',
             'acompanhamento', 'condi\u00e7\u00f5es', 'op\u00e7\u00f5es', 'configura\u00e7\u00f5es', '\u00e1rea'],
    'status': ['confirmado', 'confirmada', 'conclu\u00eddo', 'conclu\u00edda', 'obrigado', 'obrigada', 'sucesso',
               'recebido', 'recebida', 'enviado', 'enviada', 'realizado', 'realizada', 'pago', 'paga'],
    'benign': ['filtro*', 'cookie*', 'consentimento', 'sele\u00e7\u00e3o', 'formata\u00e7\u00e3o',
               'favorito*', 'notifica\u00e7*', 'cupom', 'cup\u00e3o', 'desconto*'],
}

IT = {
    'code': 'it', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['abbonament*', 'ordin*', 'prenotazion*', 'account', 'iscrizion*', 'piano', 'pagament*',
                        'bonific*', 'contratt*', 'sottoscrizion*', 'volo', 'appuntament*'],
        'accounts': ['account', 'profilo', 'conto', 'negozio'],
        'groups': ['grupp*', 'team', 'canal*', 'community', 'comunit\u00e0', 'organizzazion*', 'server',
                   'progett*', 'conversazion*', 'chat', 'stanza'],
        'trash': ['cestino', 'spazzatura'],
        'money': ['denaro', 'soldi', 'fondi', 'saldo', 'contanti'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['elimin(a|are|ate|i)', 'cancell(a|are|ate|i)',
                                                       'rimuov(i|ere|ete)', 'svuot(a|are|ate)', 'scart(a|are|ate)',
                                                       'distrugg(i|ere)', 'rimuovi tutto']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['spost(a|are)', 'mett(i|ere)'], 'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['eliminazione', 'rimozione']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pag(a|are|ate|hi)', 'salda']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['pagament(o|i)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['acquist(a|are|ate)', 'compr(a|are|ate)', 'prenot(a|are)',
                                                    'noleggi(a|are)', 'vend(i|ere)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['ordin(a|are|ate)'], 'not_next': ['per']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['acquist(o|i)', 'ordin(e|i)', 'prenotazion(e|i)', 'cassa']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['donare', 'dona ora', 'dona adesso']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['donazion(e|i)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['abbon(ati|arsi|arti)', 'sottoscriv(i|ere)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['abbonament(o|i)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['disiscriv(iti|ersi|imi)', 'disdic(i|ere)', 'disdire']},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['disdetta', 'cancellazione', 'annullamento']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['trasferisc(i|e)', 'trasferire']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['invi(a|are|ate)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['invi(a|are|ate)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['bonific(o|i)', 'trasferiment(o|i)']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['prelev(a|are)']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['preliev(o|i)']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['annull(a|are)', 'termin(a|are)', 'interromp(i|ere)'],
         'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['chiud(i|ere)'], 'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['disattiv(a|are)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['abbandon(a|are)', 'esc(i|ire)', 'lascia(|re)'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['revoc(a|are)']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['firm(are|ate)']},
        {'concept': 'sign', 'kind': 'either', 'forms': ['firma']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['non (pu\u00f2|potr\u00e0) essere annullat(a|o)', 'non (pu\u00f2|potr\u00e0) essere recuperat(a|o|i|e)',
                   'definitivamente', 'permanentemente', 'irreversibil(e|i)', 'per sempre']},
    ],
    'commit': ['conferma', 'confermare', 'completa', 'completare', 'concludi', 'effettua', 'effettuare', 'invia',
               'inviare', 'esegui', 'eseguire', 'procedi', 'autorizza', 'finalizza'],
    'confirm': ['s\u00ec', 'si', 'ok', 'conferma', 'confermo', 'continua', 'procedi', 'prosegui', 'ho', 'capito',
                'accetto', 'accetta', 'fatto', 'd', 'accordo', 'va', 'bene', 'avanti', 'sono', 'sicuro', 'sicura',
                'certo', 'per', 'favore'],
    'dismiss': ['annulla', 'no', 'chiudi', 'indietro', 'torna', 'mantieni', 'non', 'ora', 'pi\u00f9', 'tardi',
                'ignora', 'rifiuta', 'salta'],
    'info': ['cronologia', 'storico', 'stato', 'dettagli', 'dettaglio', 'riepilogo', 'metodo', 'metodi',
             'politica', 'informazioni', 'numero', 'elenco', 'condizioni', 'opzioni', 'impostazioni'],
    'status': ['confermato', 'confermata', 'completato', 'completata', 'grazie', 'successo', 'ricevuto', 'ricevuta',
               'inviato', 'inviata', 'effettuato', 'effettuata', 'pagato'],
    'benign': ['filtr*', 'cookie*', 'consenso', 'selezione', 'formattazione', 'preferit*',
               'notific*', 'coupon', 'sconto'],
}

RU = {
    'code': 'ru', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['\u043f\u043e\u0434\u043f\u0438\u0441\u043a*', '\u0437\u0430\u043a\u0430\u0437*',
                        '\u0431\u0440\u043e\u043d\u044c*', '\u0431\u0440\u043e\u043d\u0438\u0440\u043e\u0432\u0430\u043d\u0438*',
                        '\u043f\u043b\u0430\u0442\u0435\u0436*', '\u043f\u0435\u0440\u0435\u0432\u043e\u0434*',
                        '\u0434\u043e\u0433\u043e\u0432\u043e\u0440*', '\u0442\u0430\u0440\u0438\u0444*',
                        '\u0447\u043b\u0435\u043d\u0441\u0442\u0432*'],
        'accounts': ['\u0430\u043a\u043a\u0430\u0443\u043d\u0442*', '\u0441\u0447\u0435\u0442', '\u0441\u0447\u0451\u0442',
                     '\u043f\u0440\u043e\u0444\u0438\u043b\u044c', '\u0443\u0447\u0435\u0442\u043d*',
                     '\u0443\u0447\u0451\u0442\u043d*'],
        'groups': ['\u0433\u0440\u0443\u043f\u043f*', '\u043a\u043e\u043c\u0430\u043d\u0434*', '\u043a\u0430\u043d\u0430\u043b*',
                   '\u0441\u043e\u043e\u0431\u0449\u0435\u0441\u0442\u0432*', '\u0447\u0430\u0442*',
                   '\u043e\u0440\u0433\u0430\u043d\u0438\u0437\u0430\u0446\u0438*', '\u0441\u0435\u0440\u0432\u0435\u0440*',
                   '\u043f\u0440\u043e\u0435\u043a\u0442*', '\u0431\u0435\u0441\u0435\u0434*'],
        'trash': ['\u043a\u043e\u0440\u0437\u0438\u043d*'],
        'money': ['\u0434\u0435\u043d\u044c\u0433*', '\u0441\u0440\u0435\u0434\u0441\u0442\u0432*', '\u0441\u0443\u043c\u043c*'],
    },
    'terms': [
        # удалить, стереть, уничтожить, очистить, выбросить, сбросить
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u0443\u0434\u0430\u043b(\u0438\u0442\u044c|\u0438\u0442\u0435|\u0438|\u044f\u0442\u044c|\u044f\u0435\u0442|\u0438\u0442\u044c\u0441\u044f)',
                                                       '\u0441\u043e\u0442\u0440(\u0438|\u0438\u0442\u0435)',
                                                       '\u0443\u043d\u0438\u0447\u0442\u043e\u0436(\u0438\u0442\u044c|\u044c\u0442\u0435)',
                                                       '\u043e\u0447\u0438\u0441\u0442(\u0438\u0442\u044c|\u0438\u0442\u0435|\u0438)',
                                                       '\u0432\u044b\u0431\u0440\u043e\u0441(\u0438\u0442\u044c|\u0438\u0442\u0435)',
                                                       '\u0441\u0431\u0440\u043e\u0441(\u0438\u0442\u044c|\u0438\u0442\u0435)',
                                                       '\u0441\u0442\u0435\u0440\u0435\u0442\u044c']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u043f\u0435\u0440\u0435\u043c\u0435\u0441\u0442(\u0438\u0442\u044c|\u0438\u0442\u0435)',
                                                       '\u043e\u0442\u043f\u0440\u0430\u0432(\u0438\u0442\u044c|\u044c\u0442\u0435)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['\u0443\u0434\u0430\u043b\u0435\u043d\u0438(\u0435|\u044f)',
                                                        '\u043e\u0447\u0438\u0441\u0442\u043a(\u0430|\u0443)']},
        # оплатить, заплатить, купить, заказать, оформить (заказ), пожертвовать
        {'concept': 'pay', 'kind': 'act', 'forms': ['\u043e\u043f\u043b\u0430\u0442(\u0438\u0442\u044c|\u0438\u0442\u0435|\u0438)',
                                                    '\u0437\u0430\u043f\u043b\u0430\u0442(\u0438\u0442\u044c|\u0438\u0442\u0435)',
                                                    '\u043f\u043b\u0430\u0442(\u0438\u0442\u044c|\u0438\u0442\u0435)']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['\u043e\u043f\u043b\u0430\u0442(\u0430|\u0443|\u044b|\u0435)',
                                                     '\u043f\u043b\u0430\u0442\u0435\u0436(|\u0430|\u0438)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['\u043a\u0443\u043f(\u0438\u0442\u044c|\u0438\u0442\u0435|\u0438)',
                                                    '\u0437\u0430\u043a\u0430\u0437\u0430\u0442\u044c',
                                                    '\u0437\u0430\u043a\u0430\u0436\u0438\u0442\u0435', '\u0437\u0430\u043a\u0430\u0436\u0438',
                                                    '\u043f\u0440\u0438\u043e\u0431\u0440\u0435\u0441\u0442\u0438',
                                                    '\u0437\u0430\u0431\u0440\u043e\u043d\u0438\u0440\u043e\u0432\u0430\u0442\u044c',
                                                    '\u043f\u0440\u043e\u0434\u0430\u0442\u044c']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['\u0437\u0430\u043a\u0430\u0437(|\u0430|\u044b|\u043e\u0432)',
                                                     '\u043f\u043e\u043a\u0443\u043f\u043a(\u0430|\u0443|\u0438)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['\u043f\u043e\u0436\u0435\u0440\u0442\u0432\u043e\u0432\u0430\u0442\u044c',
                                                       '\u043f\u043e\u0436\u0435\u0440\u0442\u0432\u0443\u0439\u0442\u0435']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['\u043f\u043e\u0434\u043f\u0438\u0441\u0430\u0442\u044c\u0441\u044f',
                                                          '\u043f\u043e\u0434\u043f\u0438\u0448\u0438\u0442\u0435\u0441\u044c',
                                                          '\u043e\u0444\u043e\u0440\u043c\u0438\u0442\u044c \u043f\u043e\u0434\u043f\u0438\u0441\u043a\u0443']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['\u043e\u0442\u043f\u0438\u0441\u0430\u0442\u044c\u0441\u044f',
                                                            '\u043e\u0442\u043f\u0438\u0448\u0438\u0442\u0435\u0441\u044c']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u043e\u0442\u043f\u0440\u0430\u0432(\u0438\u0442\u044c|\u044c\u0442\u0435)',
                                                         '\u043f\u043e\u0441\u043b\u0430\u0442\u044c'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u043f\u0435\u0440\u0435\u0432\u0435\u0441(\u0442\u0438|\u0442\u0438)',
                                                         '\u043f\u0435\u0440\u0435\u0432\u0435\u0434\u0438\u0442\u0435',
                                                         '\u0432\u044b\u0432\u0435\u0441\u0442\u0438', '\u0432\u044b\u0432\u0435\u0434\u0438\u0442\u0435',
                                                         '\u0441\u043d\u044f\u0442\u044c'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['\u043f\u0435\u0440\u0435\u0432\u043e\u0434(|\u0430|\u044b)']},
        {'concept': 'checkout', 'kind': 'act', 'forms': ['\u043e\u0444\u043e\u0440\u043c(\u0438\u0442\u044c|\u0438\u0442\u0435)'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['\u043e\u0442\u043c\u0435\u043d(\u0438\u0442\u044c|\u0438\u0442\u0435)',
                                                       '\u0440\u0430\u0441\u0442\u043e\u0440\u0433\u043d\u0443\u0442\u044c',
                                                       '\u043f\u0440\u0435\u043a\u0440\u0430\u0442\u0438\u0442\u044c'],
         'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['\u0437\u0430\u043a\u0440(\u044b\u0442\u044c|\u043e\u0439\u0442\u0435)'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['\u0434\u0435\u0430\u043a\u0442\u0438\u0432\u0438\u0440\u043e\u0432\u0430\u0442\u044c',
                                                           '\u043e\u0442\u043a\u043b\u044e\u0447\u0438\u0442\u044c'],
         'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['\u043f\u043e\u043a\u0438\u043d(\u0443\u0442\u044c|\u044c\u0442\u0435)',
                                                      '\u0432\u044b\u0439\u0442\u0438', '\u0432\u044b\u0439\u0434\u0438\u0442\u0435'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['\u043e\u0442\u043e\u0437\u0432\u0430\u0442\u044c',
                                                       '\u0430\u043d\u043d\u0443\u043b\u0438\u0440\u043e\u0432\u0430\u0442\u044c']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['\u043f\u043e\u0434\u043f\u0438\u0441\u0430\u0442\u044c',
                                                     '\u043f\u043e\u0434\u043f\u0438\u0448\u0438\u0442\u0435']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['\u0431\u0435\u0437\u0432\u043e\u0437\u0432\u0440\u0430\u0442\u043d\u043e', '\u043d\u0430\u0432\u0441\u0435\u0433\u0434\u0430',
                   '\u043d\u0435\u043e\u0431\u0440\u0430\u0442\u0438\u043c(\u043e|\u044b\u043c|\u043e\u0435)',
                   '\u043d\u0435\u043b\u044c\u0437\u044f (\u043e\u0442\u043c\u0435\u043d\u0438\u0442\u044c|\u0431\u0443\u0434\u0435\u0442|\u0432\u043e\u0441\u0441\u0442\u0430\u043d\u043e\u0432\u0438\u0442\u044c)',
                   '\u043e\u043a\u043e\u043d\u0447\u0430\u0442\u0435\u043b\u044c\u043d\u043e']},
    ],
    'commit': ['\u043f\u043e\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u044c', '\u043f\u043e\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u0435',
               '\u043e\u0444\u043e\u0440\u043c\u0438\u0442\u044c', '\u0437\u0430\u0432\u0435\u0440\u0448\u0438\u0442\u044c',
               '\u0432\u044b\u043f\u043e\u043b\u043d\u0438\u0442\u044c', '\u043e\u0442\u043f\u0440\u0430\u0432\u0438\u0442\u044c',
               '\u0441\u043e\u0432\u0435\u0440\u0448\u0438\u0442\u044c', '\u043f\u0440\u043e\u0432\u0435\u0441\u0442\u0438'],
    'confirm': ['\u0434\u0430', '\u043e\u043a', 'ok', '\u043f\u043e\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u044c',
                '\u043f\u043e\u0434\u0442\u0432\u0435\u0440\u0434\u0438\u0442\u0435', '\u043f\u0440\u043e\u0434\u043e\u043b\u0436\u0438\u0442\u044c',
                '\u0434\u0430\u043b\u0435\u0435', '\u043f\u043e\u043d\u044f\u0442\u043d\u043e', '\u044f', '\u043f\u043e\u043d\u0438\u043c\u0430\u044e',
                '\u0445\u043e\u0440\u043e\u0448\u043e', '\u0441\u043e\u0433\u043b\u0430\u0441\u0435\u043d', '\u0433\u043e\u0442\u043e\u0432\u043e',
                '\u043f\u0440\u0438\u043d\u044f\u0442\u044c', '\u0443\u0432\u0435\u0440\u0435\u043d', '\u0432\u0441\u0451', '\u0440\u0430\u0432\u043d\u043e'],
    'dismiss': ['\u043e\u0442\u043c\u0435\u043d\u0430', '\u043e\u0442\u043c\u0435\u043d\u0438\u0442\u044c', '\u043d\u0435\u0442',
                '\u0437\u0430\u043a\u0440\u044b\u0442\u044c', '\u043d\u0430\u0437\u0430\u0434', '\u043e\u0441\u0442\u0430\u0432\u0438\u0442\u044c',
                '\u043d\u0435', '\u0441\u0435\u0439\u0447\u0430\u0441', '\u043f\u043e\u0437\u0436\u0435', '\u043f\u0440\u043e\u043f\u0443\u0441\u0442\u0438\u0442\u044c'],
    'info': ['\u0438\u0441\u0442\u043e\u0440\u0438*', '\u0441\u0442\u0430\u0442\u0443\u0441*', '\u0434\u0435\u0442\u0430\u043b*',
             '\u0441\u043f\u043e\u0441\u043e\u0431*', '\u0441\u043f\u0438\u0441\u043e\u043a', '\u043d\u043e\u043c\u0435\u0440',
             '\u0443\u0441\u043b\u043e\u0432\u0438*', '\u043d\u0430\u0441\u0442\u0440\u043e\u0439\u043a*', '\u0438\u043d\u0444\u043e\u0440\u043c\u0430\u0446\u0438*'],
    'status': ['\u0443\u0441\u043f\u0435\u0448\u043d\u043e', '\u0441\u043f\u0430\u0441\u0438\u0431\u043e',
               '\u043e\u0444\u043e\u0440\u043c\u043b\u0435\u043d', '\u043f\u043e\u0434\u0442\u0432\u0435\u0440\u0436\u0434\u0435\u043d',
               '\u043e\u043f\u043b\u0430\u0447\u0435\u043d', '\u043e\u0442\u043f\u0440\u0430\u0432\u043b\u0435\u043d'],
    'benign': ['\u0444\u0438\u043b\u044c\u0442\u0440*', 'cookie*', '\u0441\u043e\u0433\u043b\u0430\u0441\u0438*',
               '\u0432\u044b\u0434\u0435\u043b\u0435\u043d\u0438*', '\u0438\u0437\u0431\u0440\u0430\u043d\u043d*', '\u0443\u0432\u0435\u0434\u043e\u043c\u043b\u0435\u043d\u0438*',
               '\u043a\u0443\u043f\u043e\u043d*', '\u043f\u0440\u043e\u043c\u043e\u043a\u043e\u0434*'],
}

JA = {
    'code': 'ja', 'script': 'cjk',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD],
    'objects': {
        'commitments': ['\u6ce8\u6587', '\u4e88\u7d04', '\u5b9a\u671f', '\u30b5\u30d6\u30b9\u30af', '\u8cfc\u8aad',
                        '\u30d7\u30e9\u30f3', '\u5951\u7d04', '\u4f1a\u54e1', '\u652f\u6255', '\u9001\u91d1',
                        '\u30e1\u30f3\u30d0\u30fc\u30b7\u30c3\u30d7', '\u30a2\u30ab\u30a6\u30f3\u30c8'],
        'accounts': ['\u30a2\u30ab\u30a6\u30f3\u30c8', '\u53e3\u5ea7', '\u30d7\u30ed\u30d5\u30a3\u30fc\u30eb', '\u4f1a\u54e1'],
        'groups': ['\u30b0\u30eb\u30fc\u30d7', '\u30c1\u30fc\u30e0', '\u30c1\u30e3\u30f3\u30cd\u30eb', '\u30b5\u30fc\u30d0\u30fc',
                   '\u30b3\u30df\u30e5\u30cb\u30c6\u30a3', '\u7d44\u7e54', '\u30d7\u30ed\u30b8\u30a7\u30af\u30c8', '\u30c1\u30e3\u30c3\u30c8',
                   '\u30eb\u30fc\u30e0'],
        'trash': ['\u30b4\u30df\u7bb1', '\u3054\u307f\u7bb1'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u524a\u9664', '\u6d88\u53bb', '\u7834\u68c4', '\u5ec3\u68c4',
                                                       '\u62b9\u6d88', '\u7a7a\u306b\u3059\u308b', '\u6d88\u3059',
                                                       '\u30af\u30ea\u30a2\u3059\u308b', '\u521d\u671f\u5316']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u79fb\u52d5', '\u6368\u3066\u308b', '\u5165\u308c\u308b'],
         'needs': 'trash'},
        {'concept': 'pay', 'kind': 'act', 'forms': ['\u652f\u6255', '\u6255\u3046', '\u304a\u652f\u6255\u3044', '\u6c7a\u6e08']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['\u8cfc\u5165', '\u8cb7\u3046', '\u30ab\u30fc\u30c8\u3092\u7cbe\u7b97',
                                                    '\u7533\u3057\u8fbc', '\u7533\u8fbc', '\u4e88\u7d04\u3059\u308b',
                                                    '\u8cfc\u5165\u624b\u7d9a\u304d', '\u58f2\u5374']},
        {'concept': 'order', 'kind': 'either', 'forms': ['\u6ce8\u6587']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['\u5bc4\u4ed8', '\u52df\u91d1', '\u5bc4\u8d08']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['\u8cfc\u8aad\u3059\u308b', '\u8cfc\u8aad\u3092\u958b\u59cb',
                                                          '\u5b9a\u671f\u8cfc\u5165']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['\u8cfc\u8aad\u89e3\u9664', '\u767b\u9332\u89e3\u9664',
                                                            '\u914d\u4fe1\u505c\u6b62', '\u89e3\u7d04', '\u9000\u4f1a']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u9001\u91d1', '\u632f\u8fbc', '\u632f\u308a\u8fbc',
                                                         '\u51fa\u91d1', '\u5f15\u304d\u51fa', '\u632f\u66ff']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u9001\u4fe1'], 'name_only': True},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['\u30ad\u30e3\u30f3\u30bb\u30eb', '\u53d6\u308a\u6d88',
                                                       '\u505c\u6b62', '\u7d42\u4e86'], 'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['\u9589\u3058\u308b', '\u9589\u9396', '\u7121\u52b9\u5316',
                                                              '\u5ec3\u6b62', '\u89e3\u9664'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['\u9000\u51fa', '\u8131\u9000', '\u629c\u3051\u308b', '\u96e2\u8131'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['\u53d6\u308a\u6d88\u3059', '\u5931\u52b9', '\u64a4\u56de']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['\u7f72\u540d', '\u8abf\u5370']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['\u5143\u306b\u623b\u305b\u307e\u305b\u3093', '\u5143\u306b\u623b\u3059\u3053\u3068\u306f\u3067\u304d\u307e\u305b\u3093',
                   '\u53d6\u308a\u6d88\u305b\u307e\u305b\u3093', '\u53d6\u308a\u6d88\u3059\u3053\u3068\u306f\u3067\u304d\u307e\u305b\u3093',
                   '\u5fa9\u5143\u3067\u304d\u307e\u305b\u3093', '\u5fa9\u5143\u3067\u304d\u306a\u304f', '\u5b8c\u5168\u306b',
                   '\u6c38\u4e45\u306b']},
    ],
    'commit': ['\u78ba\u5b9a', '\u78ba\u8a8d', '\u5b9f\u884c', '\u5b8c\u4e86', '\u624b\u7d9a\u304d', '\u9001\u4fe1', '\u3059\u308b'],
    'confirm': ['\u306f\u3044', 'ok', '\u78ba\u8a8d', '\u78ba\u5b9a', '\u7d9a\u884c', '\u7d9a\u3051\u308b', '\u540c\u610f',
                '\u540c\u610f\u3059\u308b', '\u4e86\u89e3', '\u5b8c\u4e86', '\u9032\u3080', '\u6b21\u3078', '\u5b9f\u884c',
                '\u5b9f\u884c\u3059\u308b', '\u308f\u304b\u308a\u307e\u3057\u305f', '\u5206\u304b\u308a\u307e\u3057\u305f'],
    'dismiss': ['\u30ad\u30e3\u30f3\u30bb\u30eb', '\u3044\u3044\u3048', '\u9589\u3058\u308b', '\u623b\u308b', '\u5f8c\u3067',
                '\u3084\u3081\u308b', '\u4e2d\u6b62'],
    'info': ['\u5c65\u6b74', '\u72b6\u6cc1', '\u72b6\u614b', '\u8a73\u7d30', '\u4e00\u89a7', '\u65b9\u6cd5', '\u8a2d\u5b9a',
             '\u756a\u53f7', '\u660e\u7d30', '\u60c5\u5831', '\u5c65\u6b74\u3092'],
    'status': ['\u5b8c\u4e86\u3057\u307e\u3057\u305f', '\u3042\u308a\u304c\u3068\u3046', '\u6210\u529f',
               '\u53d7\u3051\u4ed8\u3051\u307e\u3057\u305f', '\u6e08\u307f'],
    'commit_after': True,
    'benign': ['\u7d5e\u308a\u8fbc\u307f', '\u30d5\u30a3\u30eb\u30bf', '\u30af\u30c3\u30ad\u30fc', 'cookie',
               '\u540c\u610f', '\u901a\u77e5', '\u30af\u30fc\u30dd\u30f3', '\u304a\u6c17\u306b\u5165\u308a'],
}

ZH = {
    'code': 'zh', 'script': 'cjk',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD],
    'objects': {
        'commitments': ['\u8ba2\u9605', '\u8a02\u95b1', '\u8ba2\u5355', '\u8a02\u55ae', '\u9884\u8ba2', '\u9810\u8a02',
                        '\u4f1a\u5458', '\u6703\u54e1', '\u5957\u9910', '\u5408\u540c', '\u4ed8\u6b3e', '\u81ea\u52a8\u7eed\u8d39',
                        '\u81ea\u52d5\u7e8c\u8cbb', '\u670d\u52a1', '\u670d\u52d9'],
        'accounts': ['\u8d26\u6237', '\u5e33\u6236', '\u8d26\u53f7', '\u5e33\u865f', '\u5e10\u6237', '\u5e10\u53f7',
                     '\u5e33\u865f', '\u4f1a\u5458', '\u6703\u54e1'],
        'groups': ['\u7fa4', '\u56e2\u961f', '\u5718\u968a', '\u9891\u9053', '\u983b\u9053', '\u793e\u533a', '\u793e\u5340',
                   '\u7ec4\u7ec7', '\u7d44\u7e54', '\u670d\u52a1\u5668', '\u4f3a\u670d\u5668', '\u9879\u76ee', '\u5c08\u6848',
                   '\u804a\u5929', '\u623f\u95f4'],
        'trash': ['\u56de\u6536\u7ad9', '\u5783\u573e\u6876', '\u5783\u573e\u7bb1', '\u8cc7\u6e90\u56de\u6536\u7b52'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u5220\u9664', '\u522a\u9664', '\u79fb\u9664', '\u6e05\u7a7a',
                                                       '\u6e05\u9664', '\u62b9\u9664', '\u9500\u6bc1', '\u92b7\u6bc0',
                                                       '\u4e22\u5f03', '\u4e1f\u68c4', '\u6e05\u7406\u5168\u90e8']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['\u79fb\u5230', '\u79fb\u81f3', '\u653e\u5165', '\u4e22\u5230',
                                                       '\u4e1f\u5230'], 'needs': 'trash'},
        {'concept': 'pay', 'kind': 'act', 'forms': ['\u652f\u4ed8', '\u4ed8\u6b3e', '\u4ed8\u8d39', '\u4ed8\u8cbb',
                                                    '\u7f34\u8d39', '\u7e73\u8cbb', '\u5145\u503c', '\u6263\u6b3e']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['\u8d2d\u4e70', '\u8cfc\u8cb7', '\u4e0b\u5355',
                                                    '\u4e0b\u55ae', '\u7ed3\u7b97', '\u7d50\u7b97', '\u7ed3\u8d26',
                                                    '\u7d50\u5e33', '\u62a2\u8d2d', '\u9884\u8ba2', '\u9810\u8a02',
                                                    '\u5356\u51fa']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['\u8ba2\u5355', '\u8a02\u55ae']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['\u6350\u6b3e', '\u6350\u8d60', '\u6350\u8d08', '\u6350\u52a9',
                                                       '\u8d5e\u52a9', '\u8d0a\u52a9', '\u6253\u8d4f', '\u6253\u8cde']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['\u8ba2\u9605', '\u8a02\u95b1', '\u5f00\u901a\u4f1a\u5458',
                                                          '\u958b\u901a\u6703\u54e1']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['\u9000\u8ba2', '\u9000\u8a02', '\u53d6\u6d88\u8ba2\u9605',
                                                            '\u53d6\u6d88\u8a02\u95b1']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u8f6c\u8d26', '\u8f49\u5e33', '\u6c47\u6b3e', '\u532f\u6b3e',
                                                         '\u63d0\u73b0', '\u63d0\u73fe', '\u8f6c\u51fa', '\u8f49\u51fa']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\u53d1\u9001', '\u767c\u9001'], 'name_only': True},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['\u53d6\u6d88', '\u7ec8\u6b62', '\u7d42\u6b62', '\u89e3\u7ea6',
                                                       '\u89e3\u7d04', '\u9000\u6b3e'], 'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['\u5173\u95ed', '\u95dc\u9589', '\u505c\u7528', '\u51bb\u7ed3',
                                                              '\u6ce8\u9500', '\u8a3b\u92b7'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['\u9000\u51fa', '\u79bb\u5f00', '\u96e2\u958b', '\u9000\u7fa4'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['\u64a4\u9500', '\u64a4\u92b7', '\u540a\u9500', '\u540a\u92b7',
                                                       '\u64a4\u56de']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['\u7b7e\u7f72', '\u7c3d\u7f72', '\u7b7e\u5b57', '\u7c3d\u5b57']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['\u65e0\u6cd5\u64a4\u9500', '\u7121\u6cd5\u64a4\u92b7', '\u65e0\u6cd5\u6062\u590d', '\u7121\u6cd5\u6062\u5fa9',
                   '\u4e0d\u53ef\u6062\u590d', '\u4e0d\u53ef\u6062\u5fa9', '\u65e0\u6cd5\u590d\u539f', '\u7121\u6cd5\u5fa9\u539f',
                   '\u4e0d\u53ef\u64a4\u9500', '\u4e0d\u53ef\u64a4\u92b7', '\u6c38\u4e45', '\u5f7b\u5e95', '\u5fb9\u5e95',
                   '\u4e0d\u53ef\u9006']},
    ],
    'commit': ['\u63d0\u4ea4', '\u786e\u8ba4', '\u78ba\u8a8d', '\u786e\u5b9a', '\u78ba\u5b9a', '\u5b8c\u6210', '\u7acb\u5373'],
    'confirm': ['\u662f', '\u786e\u5b9a', '\u78ba\u5b9a', '\u786e\u8ba4', '\u78ba\u8a8d', '\u7ee7\u7eed', '\u7e7c\u7e8c',
                '\u540c\u610f', '\u597d', '\u597d\u7684', '\u77e5\u9053\u4e86', '\u6211\u77e5\u9053\u4e86', '\u5b8c\u6210',
                '\u6211\u4e86\u89e3', '\u4e0b\u4e00\u6b65', '\u662f\u7684', 'ok'],
    'dismiss': ['\u53d6\u6d88', '\u5426', '\u4e0d', '\u5173\u95ed', '\u95dc\u9589', '\u8fd4\u56de', '\u7a0d\u540e',
                '\u7a0d\u5f8c', '\u4fdd\u7559', '\u4ee5\u540e\u518d\u8bf4', '\u4ee5\u5f8c\u518d\u8aaa'],
    'info': ['\u8bb0\u5f55', '\u8a18\u9304', '\u5386\u53f2', '\u6b77\u53f2', '\u8be6\u60c5', '\u8a73\u60c5', '\u72b6\u6001',
             '\u72c0\u614b', '\u65b9\u5f0f', '\u65b9\u6cd5', '\u7ba1\u7406', '\u5217\u8868', '\u660e\u7ec6', '\u660e\u7d30',
             '\u8bbe\u7f6e', '\u8a2d\u5b9a', '\u4e2d\u5fc3', '\u53f7', '\u865f', '\u4fe1\u606f', '\u8cc7\u8a0a'],
    'status': ['\u6210\u529f', '\u5df2\u63d0\u4ea4', '\u5df2\u652f\u4ed8', '\u5df2\u53d6\u6d88', '\u8c22\u8c22',
               '\u8b1d\u8b1d', '\u5df2\u5b8c\u6210'],
    'benign': ['\u7b5b\u9009', '\u7be9\u9078', '\u8fc7\u6ee4', '\u904e\u6ffe', 'cookie',
               '\u6536\u85cf', '\u901a\u77e5', '\u4f18\u60e0\u5238', '\u512a\u60e0\u5238', '\u7f13\u5b58', '\u7de9\u5b58'],
}

# Languages the earlier vocabulary covered beyond the nine above, kept so that nothing caught before is
# let through (whole words; substrings for Korean, Arabic, Hebrew, Hindi). No inflections or context.
OTHER = {
    'code': 'other', 'script': 'words',
    'sources': [SOURCE_OLD],
    'objects': {}, 'commit': [], 'confirm': [], 'dismiss': [], 'info': [], 'benign': [], 'status': [],
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['verwijderen', 'usu\u0144', 'sil', '\u0432\u0438\u0434\u0430\u043b\u0438\u0442\u0438']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['betalen', 'afrekenen', 'zap\u0142a\u0107', '\u00f6de',
                                                    '\u043e\u043f\u043b\u0430\u0442\u0438\u0442\u0438']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['kopen', 'bestellen', 'kup', 'zam\u00f3w', 'sat\u0131n al',
                                                    'sipari\u015f ver', '\u043a\u0443\u043f\u0438\u0442\u0438',
                                                    '\u0437\u0430\u043c\u043e\u0432\u0438\u0442\u0438']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['overmaken', 'verzenden', 'przelew', 'wy\u015blij', 'g\u00f6nder',
                                                         '\u043d\u0430\u0434\u0456\u0441\u043b\u0430\u0442\u0438']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['opzeggen', 'anuluj subskrypcj\u0119', 'aboneli\u011fi iptal et']},
    ],
}
OTHER_CAPS = {
    'code': 'other-caseless', 'script': 'cjk',
    'sources': [SOURCE_OLD],
    'objects': {}, 'commit': [], 'confirm': [], 'dismiss': [], 'info': [], 'benign': [], 'status': [],
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['\uc0ad\uc81c', '\u062d\u0630\u0641', '\u05de\u05d7\u05e7',
                                                       '\u0939\u091f\u093e\u090f\u0902']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['\uacb0\uc81c', '\u0627\u062f\u0641\u0639', '\u062f\u0641\u0639',
                                                    '\u05ea\u05e9\u05dc\u05d5\u05dd', '\u092d\u0941\u0917\u0924\u093e\u0928']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['\uad6c\ub9e4', '\uc8fc\ubb38', '\u0634\u0631\u0627\u0621',
                                                    '\u0627\u0634\u062a\u0631', '\u05e7\u05e0\u05d4', '\u0916\u0930\u0940\u0926\u0947\u0902']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['\uc1a1\uae08', '\ubcf4\ub0b4\uae30', '\u0625\u0631\u0633\u0627\u0644',
                                                         '\u062a\u062d\u0648\u064a\u0644', '\u05e9\u05dc\u05d7']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['\uad6c\ub3c5 \ucde8\uc18c', '\ud0c8\ud1f4']},
    ],
}

LANGUAGES = [EN, ES, FR, DE, PT, IT, RU, JA, ZH, OTHER, OTHER_CAPS]


# === the matcher ==================================================================================

SHORT_NAME = 5               # a name of at most this many words is a label: its verbs count wherever they are
CJK_NAME_CHARS = 12          # likewise, in characters, for scripts without spaces
CONJUNCTIONS = ['and', '&', 'then', 'und', 'et', 'y', 'e', 'ed', '\u0438', 'puis', 'dann', 'luego', 'depois']
LEADS = ['permanently', 'now', 'just', 'also', 'securely', 'instantly', 'immediately', 'really', 'forever',
         'secure', 'express', 'guest', 'quick', 'fast',
         'jetzt', 'sofort', 'endg\u00fcltig', 'dauerhaft', 'ahora', 'maintenant', 'agora', 'ora', 'adesso',
         'definitivamente', 'd\u00e9finitivement', 'permanentemente', '\u0441\u0435\u0439\u0447\u0430\u0441']
NEGATIONS = ['not', 'don', 'never', 'nicht', 'kein', 'keine', 'niemals', 'non', 'n\u00e3o', 'nao', 'ne', 'jamais',
             'nunca', '\u043d\u0435', 'mai', 'nie']
CJK_INFO_GAP = 1            # an info noun right after a CJK noun, or after one kana, makes it a place (注文履歴, 支払い方法)
NEAR = 3                    # a benign object this many words before or after a verb makes it everyday


def _code(ch):
    if len(ch) == 2:
        return (ord(ch[0]) - 0xD800) * 0x400 + (ord(ch[1]) - 0xDC00) + 0x10000
    return ord(ch)


def _caseless_letter(code):
    """Letters of scripts without case, whose words are matched as substrings (CJK, kana, Hangul,
    Arabic, Hebrew, Indic, Thai)."""
    return (code >= 0x0590 and code <= 0x06FF) or (code >= 0x0750 and code <= 0x077F) or \
        (code >= 0x0900 and code <= 0x0E7F) or (code >= 0x1100 and code <= 0x11FF) or \
        (code >= 0x3040 and code <= 0x30FF) or (code >= 0x3130 and code <= 0x318F) or \
        (code >= 0x31F0 and code <= 0x31FF) or (code >= 0x3400 and code <= 0x4DBF) or \
        (code >= 0x4E00 and code <= 0x9FFF) or (code >= 0xAC00 and code <= 0xD7AF) or \
        (code >= 0xF900 and code <= 0xFAFF) or (code >= 0xFF66 and code <= 0xFF9F)


BREAKS = '.!?|:;()[]{}\u00ab\u00bb"\u201c\u201d\u201e\u2022\u00b7\u2013\u2014/\\\n\r\t\u2026\u3002\uff01\uff1f\uff1a\uff1b\u300c\u300d\u3010\u3011'


def char_class(ch):
    """'w' a letter with case or a digit, 'c' a letter of a caseless script, 'b' a phrase break,
    's' anything else (spaces, apostrophes, hyphens, commas, symbols, emoji)."""
    code = _code(ch)
    if code > 0xFFFF or (code >= 0xD800 and code <= 0xDFFF):
        return 's'
    if (ch >= '0' and ch <= '9') or ch.lower() != ch.upper():
        return 'w'
    if _caseless_letter(code):
        return 'c'
    if BREAKS.find(ch) >= 0:
        return 'b'
    return 's'


def segments(text):
    """text as phrases (split at breaks), each a list of tokens {t: lower-case text, c: 'w'|'c'}."""
    out = []
    if kind_of(text) != 'string':
        return out
    current = []
    word = []
    word_class = ''
    for ch in text.lower():
        kind = char_class(ch)
        if kind != word_class and len(word) > 0:
            current.append({'t': ''.join(word), 'c': word_class})
            word = []
        if kind == 'w' or kind == 'c':
            word.append(ch)
            word_class = kind
        else:
            word_class = ''
            if kind == 'b' and len(current) > 0:
                out.append(current)
                current = []
    if len(word) > 0:
        current.append({'t': ''.join(word), 'c': word_class})
    if len(current) > 0:
        out.append(current)
    return out


def words_of(text):
    """The tokens of text, all phrases together (lower case)."""
    out = []
    for seg in segments(text):
        for tok in seg:
            out.append(tok['t'])
    return out


def expand(pattern):
    """'delet(e|es|ing)' -> ['delete', 'deletes', 'deleting']; every group is expanded, in order."""
    open_at = pattern.find('(')
    if open_at < 0:
        return [pattern]
    close_at = pattern.find(')', open_at)
    if close_at < 0:
        return [pattern]
    head = pattern[0:open_at]
    tails = expand(pattern[close_at + 1:])
    out = []
    for option in pattern[open_at + 1:close_at].split('|'):
        for tail in tails:
            out.append(head + option + tail)
    return out


def _pattern(raw):
    """One expanded form as {lead, trail, words}: lead/trail stars, and its words as tokens."""
    lead = raw.startswith('*')
    trail = raw.endswith('*')
    core = raw[1 if lead else 0:len(raw) - 1 if trail else len(raw)]
    return {'lead': lead, 'trail': trail, 'words': words_of(core), 'text': core}


def word_matches(token, pattern):
    """token (one word) matches a one-word pattern: exactly, or with the stars' freedom."""
    core = pattern['text']
    if pattern['lead'] and pattern['trail']:
        return token.find(core) >= 0
    if pattern['lead']:
        return token.endswith(core)
    if pattern['trail']:
        return token.startswith(core)
    return token == core


def _patterns(raws):
    out = []
    for raw in raws:
        for form in expand(raw):
            out.append(_pattern(form))
    return out


def _any_matches(token, patterns):
    for p in patterns:
        if len(p['words']) == 1 and word_matches(token, p):
            return True
    return False


def _is_said(form, raw, code, kind):
    """A form that tells of the act rather than calling for it: a gerund (deleting, eliminando), or an
    English third person (deletes, empties). It counts where a page describes an action (a dialog, a
    button's description), not in a name or a URL, where it is how headlines are written."""
    if kind != 'act' and kind != 'either':
        return False
    last = words_of(form)
    word = last[len(last) - 1] if len(last) > 0 else ''
    if word.endswith('ing') or word.endswith('ando') or word.endswith('endo'):
        return True
    if code != 'en' or not word.endswith('s'):
        return False
    forms = expand(raw)
    stem = form[0:len(form) - 1]
    return stem in forms or (form.endswith('es') and form[0:len(form) - 2] in forms) or form.endswith('ies')


def _build():
    index = {'exact': {}, 'lead': [], 'phrases': {}, 'cjk': [], 'langs': {}, 'confirm': {}, 'dismiss': {},
             'info': [], 'benign': [], 'cjk_confirm': [], 'cjk_dismiss': [], 'cjk_info': [], 'cjk_benign': []}
    for lang in LANGUAGES:
        cjk = lang['script'] == 'cjk'
        objects = {}
        for key in lang['objects'].keys():
            objects[key] = _patterns(lang['objects'][key]) if not cjk else lang['objects'][key]
        index['langs'][lang['code']] = {'objects': objects, 'cjk': cjk, 'commit': lang['commit'],
                                        'after': 'commit_after' in lang and lang['commit_after'] is True,
                                        'status': lang['status']}
        for group in ['confirm', 'dismiss']:
            for word in lang[group]:
                if cjk:
                    index['cjk_' + group].append(word)
                else:
                    index[group][word] = True
        for group in ['info', 'benign']:
            if cjk:
                for word in lang[group]:
                    index['cjk_' + group].append(word)
            else:
                index[group].extend(_patterns(lang[group]))
        for term in lang['terms']:
            entry = {'concept': term['concept'], 'kind': term['kind'], 'lang': lang['code'],
                     'needs': term['needs'] if 'needs' in term else None,
                     'not_next': term['not_next'] if 'not_next' in term else [],
                     'name_only': 'name_only' in term and term['name_only'] is True}
            for raw in term['forms']:
                for form in expand(raw):
                    if cjk:
                        index['cjk'].append({'form': form, 'entry': entry})
                        continue
                    p = _pattern(form)
                    item = {'pattern': p, 'entry': entry, 'said': _is_said(form, raw, lang['code'], term['kind'])}
                    if len(p['words']) > 1:
                        first = p['words'][0]
                        if first not in index['phrases']:
                            index['phrases'][first] = []
                        index['phrases'][first].append(item)
                    elif p['lead']:
                        index['lead'].append(item)
                    else:
                        word = p['words'][0] if len(p['words']) == 1 else ''
                        if word not in index['exact']:
                            index['exact'][word] = []
                        index['exact'][word].append(item)
    return index


INDEX = _build()


def _lookup(table, key):
    return table[key] if key in table.keys() else None


def _is_word(table, key):
    return key in table.keys()


def _raw_hits(seg):
    """Every form found in one phrase: {entry, at, span, end} (end: for CJK, where in the token)."""
    found = []
    n = len(seg)
    for i in range(n):
        tok = seg[i]
        if tok['c'] == 'c':
            for item in INDEX['cjk']:
                at = tok['t'].find(item['form'])
                while at >= 0:
                    found.append({'entry': item['entry'], 'at': i, 'span': 1, 'pos': at, 'said': False,
                                  'end': at + len(item['form']), 'form': item['form']})
                    at = tok['t'].find(item['form'], at + 1)
            continue
        word = tok['t']
        exact = _lookup(INDEX['exact'], word)
        if exact is not None:
            for item in exact:
                found.append({'entry': item['entry'], 'at': i, 'span': 1, 'form': word, 'said': item['said']})
        for item in INDEX['lead']:
            if word_matches(word, item['pattern']):
                found.append({'entry': item['entry'], 'at': i, 'span': 1, 'form': word, 'said': item['said']})
        phrases = _lookup(INDEX['phrases'], word)
        if phrases is not None:
            for item in phrases:
                words = item['pattern']['words']
                if i + len(words) > n:
                    continue
                same = True
                for k in range(1, len(words)):
                    if seg[i + k]['t'] != words[k]:
                        same = False
                        break
                if same:
                    found.append({'entry': item['entry'], 'at': i, 'span': len(words), 'form': ' '.join(words),
                                  'said': item['said']})
    return found


def _segment_text(seg):
    return ' '.join([tok['t'] for tok in seg])


def _has_object(seg, hit, patterns, cjk):
    if cjk:
        text = _segment_text(seg)
        for word in patterns:
            if text.find(word) >= 0:
                return True
        return False
    for i in range(len(seg)):
        if i >= hit['at'] and i < hit['at'] + hit['span']:
            continue
        if _any_matches(seg[i]['t'], patterns):
            return True
    return False


def _benign(seg, hit):
    if 'pos' in hit:
        text = _segment_text(seg)
        for word in INDEX['cjk_benign']:
            if text.find(word) >= 0:
                return True
        return False
    low = max(0, hit['at'] - NEAR)
    high = min(len(seg), hit['at'] + hit['span'] + NEAR)
    for i in range(low, high):
        if i >= hit['at'] and i < hit['at'] + hit['span']:
            continue
        if seg[i]['c'] == 'w' and _any_matches(seg[i]['t'], INDEX['benign']):
            return True
    return False


def _kana(ch):
    """A hiragana character (the inflection of a Japanese verb or noun: 支払い)."""
    return ord(ch[0]) >= 0x3040 and ord(ch[0]) <= 0x309F


def _is_info(seg, hit):
    """The noun names a place or a record: an info noun right after it, or one of the two words before."""
    if 'pos' in hit:
        rest = seg[hit['at']]['t'][hit['end']:hit['end'] + 4]
        for word in INDEX['cjk_info']:
            if rest.startswith(word) or (len(rest) > CJK_INFO_GAP and _kana(rest[0]) and
                                         rest[CJK_INFO_GAP:].startswith(word)):
                return True
        return False
    after = hit['at'] + hit['span']
    if after < len(seg) and seg[after]['c'] == 'w' and _any_matches(seg[after]['t'], INDEX['info']):
        return True
    for i in range(max(0, hit['at'] - 2), hit['at']):
        if seg[i]['c'] == 'w' and _any_matches(seg[i]['t'], INDEX['info']):
            return True
    return False


def _confirm_word(tok):
    if tok['c'] == 'c':
        return tok['t'] in INDEX['cjk_confirm']
    return _is_word(INDEX['confirm'], tok['t'])


def _at_start(seg, hit):
    if 'pos' in hit:
        return True
    for i in range(hit['at']):
        if not _confirm_word(seg[i]) and seg[i]['t'] not in LEADS:
            return False
    return True


def _has_status(seg, hit):
    """The phrase reports a done deal ("Order placed", "Payment successful", "Bestellung aufgegeben"):
    its nouns name what happened, not what a click would do."""
    words = INDEX['langs'][hit['entry']['lang']]['status']
    for tok in seg:
        if tok['c'] == 'c':
            for word in words:
                if tok['t'].find(word) >= 0:
                    return True
        elif tok['t'] in words:
            return True
    return False


def _has_commit(seg, hit):
    """A commit word of the noun's own language in the phrase, before it ("Confirm payment", "Passer
    commande"), or after it in a language that puts the verb last ("Zahlung bestätigen", 注文を確定)."""
    lang = INDEX['langs'][hit['entry']['lang']]
    words = lang['commit']
    for i in range(len(seg)):
        if 'pos' not in hit and i >= hit['at'] and i < hit['at'] + hit['span']:
            continue
        if 'pos' not in hit and not lang['after'] and i > hit['at']:
            continue
        tok = seg[i]
        if tok['c'] == 'c':
            for word in words:
                at = tok['t'].find(word)
                if at >= 0 and ('pos' not in hit or i != hit['at'] or at + len(word) <= hit['pos'] or
                                at >= hit['end']):
                    return True
        elif tok['t'] in words:
            return True
    return False


def _negated(seg, hit):
    if 'pos' in hit:
        return False
    for i in range(max(0, hit['at'] - 2), hit['at']):
        if seg[i]['t'] in NEGATIONS:
            return True
    return False


def _in_place(seg, hit, scope):
    """Where a name calls for an act: a short phrase, or the verb first (after yes/ok/now...), or
    right after "and" ("Review and send"). Long phrases with the verb inside are headlines and
    sentences ("WWE terminates Hulk Hogan's contract", "How to buy..."). In a URL: a segment of at
    most two words, or its first word."""
    if 'pos' in hit:
        size = len(seg[hit['at']]['t'])
        return size <= CJK_NAME_CHARS or hit['pos'] <= 2 or hit['end'] >= size - 4
    if scope == 'path':
        size = hit['own'] if 'own' in hit else len(seg)
        return hit['at'] < size and (size <= 2 or hit['at'] == 0)
    if len(seg) <= SHORT_NAME or hit['at'] == 0:
        return True
    if seg[hit['at'] - 1]['t'] in CONJUNCTIONS:
        return True
    for i in range(hit['at']):
        if not _confirm_word(seg[i]) and seg[i]['t'] not in LEADS:
            return False
    return True


def _resolve(seg, hit, scope):
    """The hit's kind in its phrase ('act', 'noun', 'mark'), or None when it is not an act here.
    scope: 'name' (an element's own name, a link's title, a page title), 'path' (a URL's segment)
    or 'context' (a dialog's or a description's sentences)."""
    entry = hit['entry']
    after = hit['at'] + hit['span']
    if 'pos' not in hit and after < len(seg) and seg[after]['t'] in entry['not_next']:
        return None
    if entry['kind'] != 'mark' and _negated(seg, hit):
        return None
    if scope != 'context' and entry['kind'] != 'mark' and (hit['said'] or not _in_place(seg, hit, scope)):
        return None
    if entry['name_only'] and scope != 'name':
        return None
    lang = INDEX['langs'][entry['lang']]
    if entry['needs'] is not None:
        objects = lang['objects'][entry['needs']] if entry['needs'] in lang['objects'].keys() else []
        if not _has_object(seg, hit, objects, lang['cjk']):
            return None
    kind = entry['kind']
    if kind == 'mark':
        return 'mark'
    if _benign(seg, hit):
        return None
    if 'pos' in hit and _is_info(seg, hit):
        return None             # CJK verbs and nouns share a form: 支払い方法 is a place, not an act
    if (kind == 'either' or kind == 'noun') and _has_status(seg, hit):
        return None
    if kind == 'either':
        if _is_info(seg, hit):
            return None
        if 'pos' in hit or _at_start(seg, hit):
            return 'act'
        kind = 'noun'
    if kind == 'noun':
        if _is_info(seg, hit):
            return None
        return 'act' if _has_commit(seg, hit) else 'noun'
    return 'act'


def hits_in(text, scope):
    """The vocabulary in text: [{concept, kind: 'act'|'noun'|'mark', base: the form's own kind, lang,
    form: the words matched, words: how many}], in text order, one per concept and kind. scope:
    'name', 'path' or 'context' (see _resolve); anything else reads as 'context'."""
    out = []
    seen = []
    for seg in segments(text):
        for hit in _raw_hits(seg):
            kind = _resolve(seg, hit, scope)
            if kind is None:
                continue
            entry = hit['entry']
            key = entry['concept'] + '/' + kind
            if key in seen:
                continue
            seen.append(key)
            out.append({'concept': entry['concept'], 'kind': kind, 'base': entry['kind'], 'lang': entry['lang'],
                        'form': hit['form'], 'words': hit['span']})
    return out


def tokens_hits(tokens, scope):
    """hits_in for words already split (a URL's path segment, an id): one phrase."""
    return hits_in(' '.join(tokens), scope)


def icon_hits(name, icon_words):
    """Icons that draw an irreversible act: emoji in the name (U+1F5D1 wastebasket...), or the words
    of the element's icon classes / sprite names (fa-trash, bi-trash3, "delete") when the name has no
    words of its own. [{concept, label}]."""
    out = []
    text = name if kind_of(name) == 'string' else ''
    for icon in ICONS:
        if text.find(icon['char']) >= 0:
            out.append({'concept': icon['concept'], 'label': icon['label'] + ' (' + icon['char'] + ')'})
    if len(words_of(text)) > 0 or kind_of(icon_words) != 'string':
        return out
    for word in words_of(icon_words):
        if word in ICON_WORDS:
            out.append({'concept': 'delete', 'label': 'named "' + word + '"'})
            break
    return out


def name_style(name):
    """'dismiss' (backs out: Cancel, No, ✕), 'confirm' (only confirm words: Yes, OK, Continue),
    'bare' (no words: an icon), or 'own' (says something of its own)."""
    text = name if kind_of(name) == 'string' else ''
    segs = segments(text)
    tokens = []
    for seg in segs:
        for tok in seg:
            tokens.append(tok)
    if len(tokens) == 0:
        for ch in DISMISS_CHARS:
            if text.find(ch) >= 0:
                return 'dismiss'
        return 'bare'
    first = tokens[0]
    if first['c'] == 'w' and _is_word(INDEX['dismiss'], first['t']):
        return 'dismiss'
    if first['c'] == 'c':
        for word in INDEX['cjk_dismiss']:
            if first['t'] == word or (first['t'].startswith(word) and len(first['t']) <= len(word) + 2):
                return 'dismiss'
    for tok in tokens:
        if not _confirm_word(tok):
            return 'own'
    return 'confirm'


def path_words(url):
    """The words of a URL's path and query that name an endpoint: each path segment and each query
    key or value split at - _ . + ~ and camelCase; segments of more than three words (article slugs)
    and numbers or ids are left out. A list of word lists."""
    out = []
    if kind_of(url) != 'string':
        return out
    text = url
    scheme = text.find('://')
    if scheme >= 0:
        slash = text.find('/', scheme + 3)
        text = text[slash:] if slash >= 0 else ''
    hash_at = text.find('#')
    if hash_at >= 0:
        text = text[0:hash_at]
    query = ''
    q_at = text.find('?')
    if q_at >= 0:
        query = text[q_at + 1:]
        text = text[0:q_at]
    parts = text.split('/')
    for pair in query.split('&'):
        if pair.lower().startswith('utm_'):
            continue                    # campaign tracking: says where the link sits, not what it does
        for piece in pair.split('='):
            parts.append(piece)
    for part in parts:
        words = id_words(part)
        if len(words) == 0 or len(words) > 3:
            continue
        out.append(words)
    return out


def id_words(part):
    """'deleteAccount' / 'delete-account' / 'delete_account.php' -> ['delete', 'account', 'php']."""
    words = []
    current = []
    prev_lower = False
    for ch in part:
        if ch.lower() != ch.upper():
            is_upper = ch != ch.lower()
            if is_upper and prev_lower and len(current) > 0:
                words.append(''.join(current))
                current = []
            current.append(ch.lower())
            prev_lower = not is_upper
        else:
            if len(current) > 0:
                words.append(''.join(current))
            current = []
            prev_lower = False
    if len(current) > 0:
        words.append(''.join(current))
    kept = []
    for word in words:
        if len(word) > 1 and word not in ['php', 'html', 'htm', 'aspx', 'asp', 'jsp', 'cgi', 'json', 'www']:
            kept.append(word)
    return kept


def path_hits(url):
    """The vocabulary in each endpoint segment of url (path_words). A verb that needs an object finds
    it anywhere in the path (/subscription/cancel); only the segment's own words are matched."""
    out = []
    seen = []
    parts = path_words(url)
    for index in range(len(parts)):
        words = parts[index]
        tokens = [{'t': w, 'c': 'w'} for w in words]
        for other in range(len(parts)):
            if other != index:
                for w in parts[other]:
                    tokens.append({'t': w, 'c': 'w'})
        for hit in _raw_hits(tokens):
            if hit['at'] >= len(words):
                continue
            hit['own'] = len(words)
            kind = _resolve(tokens, hit, 'path')
            entry = hit['entry']
            key = entry['concept'] + '/' + str(kind)
            if kind is None or key in seen:
                continue
            seen.append(key)
            out.append({'concept': entry['concept'], 'kind': kind, 'base': entry['kind'], 'lang': entry['lang'],
                        'form': hit['form'], 'words': hit['span'], 'segment': '/'.join(words)})
    return out
