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
        # "empty" alone is mostly an adjective ("Cart (empty)", "Your list is empty"): only with a bin it acts
        {'concept': 'empty', 'kind': 'either', 'forms': ['empt(y|ies|ying)'], 'needs': 'trash'},
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
                                                       'purg(ar|a|ue)', 'vaci(ar|a|e)', 'vacía', 'vacíe']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mov(er|ed)', 'mueve', 'mueva', 'enviar', 'tir(ar|a|e)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['eliminación', 'borrado', 'supresión']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pag(ar|ad|uen|ando|ue)', 'abon(ar|e)']},
        {'concept': 'pay', 'kind': 'either', 'forms': ['paga']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['pago(|s)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['compr(ar|e|ad|en|ando)', 'ped(ir|id)', 'pide', 'pida',
                                                    'encarg(ar|a|ue)', 'contrat(ar|a|e)', 'reservar']},
        {'concept': 'buy', 'kind': 'either', 'forms': ['compra']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['pedido(|s)', 'compras', 'orden', 'reserva(|s)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['donar', 'donad', 'dona ahora', 'done ahora']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['donación', 'donaciones', 'donativo(|s)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['suscrib(ir|irse|ete|ase|e|irme)', 'abon(arse|ate)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['suscripción', 'suscripciones']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['dar(|se|me) de baja', 'darse de baja', 'date de baja',
                                                            'desuscrib(ir|irse|irme)', 'desapuntar(|se|me)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transfer(ir|id)', 'transfiere', 'transfiera', 'remit(ir|e)',
                                                         'gir(ar|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['env(iar|ía|íe|iad)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['env(iar|ía|íe|iad)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['transferencia(|s)', 'envío', 'giro']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['retir(ar|a|e)']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['retiro']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['cancel(ar|a|e|ad)', 'anul(ar|a|e)', 'rescind(ir|e)'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['cancelación', 'baja']},
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
         'forms': ['no se (puede|podrá) deshacer', 'no se (puede|podrá) recuperar', 'permanentemente',
                   'definitivamente', 'irreversible(|s)', 'para siempre', 'sin posibilidad de recuperación']},
    ],
    'commit': ['confirmar', 'confirma', 'completar', 'completa', 'finalizar', 'finaliza', 'realizar', 'realiza',
               'tramitar', 'tramita', 'enviar', 'procesar', 'autorizar', 'efectuar', 'efectúa', 'hacer', 'haz',
               'aceptar'],
    'confirm': ['sí', 'si', 'ok', 'vale', 'aceptar', 'acepto', 'confirmar', 'confirma', 'confirmo', 'continuar',
                'continúa', 'de', 'acuerdo', 'entendido', 'entiendo', 'lo', 'listo', 'hecho', 'seguir', 'sigue',
                'proceder', 'adelante', 'siguiente', 'estoy', 'seguro', 'segura', 'por', 'favor', 'claro'],
    'dismiss': ['cancelar', 'no', 'cerrar', 'volver', 'atrás', 'mantener', 'conservar', 'ahora', 'más',
                'tarde', 'omitir', 'descartar', 'rechazar'],
    'info': ['historial', 'estado', 'detalle', 'detalles', 'resumen', 'método', 'métodos', 'forma', 'formas',
             'política', 'políticas', 'información', 'número', 'seguimiento', 'lista',
             'condiciones', 'opciones', 'ajustes', 'configuración'],
    'status': ['realizado', 'realizada', 'confirmado', 'confirmada', 'completado', 'completada', 'recibido', 'recibida',
               'gracias', 'éxito', 'enviado', 'enviada', 'pagado', 'pagada'],
    'benign': ['filtro*', 'cookie*', 'consentimiento', 'selección', 'formato', 'favorito*',
               'notificaci*', 'cupón', 'descuento*'],
}

FR = {
    'code': 'fr', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['abonnement*', 'commande*', 'réservation*', 'adhésion*', 'compte', 'forfait*',
                        'paiement*', 'virement*', 'contrat*', 'souscription*', 'rendez', 'vol'],
        'accounts': ['compte', 'comptes', 'profil', 'adhésion*', 'boutique'],
        'groups': ['groupe*', 'équipe*', 'canal', 'canaux', 'communauté*', 'organisation*', 'serveur*',
                   'projet*', 'discussion*', 'conversation*', 'salon*'],
        'trash': ['corbeille', 'poubelle'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['supprim(er|e|ez|ons|ant)', 'effac(er|e|ez)',
                                                       'retir(er|e|ez)', 'enlev(er|ez)', 'enlève',
                                                       'détrui(re|s|sez)', 'purg(er|e|ez)', 'vid(er|ez)',
                                                       'jet(er|ez)', 'jette', 'élimin(er|e|ez)']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mettre', 'mettez', 'mets', 'plac(er|ez)', 'déplac(er|ez)',
                                                       'envoy(er|ez)'], 'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['suppression(|s)', 'effacement']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pay(er|ez|e)', 'paie', 'régler la commande']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['paiement(|s)', 'règlement']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['achet(er|ez)', 'achète', 'command(er|ez)', 'réserv(er|ez)',
                                                    'vend(re|ez)', 'lou(er|ez)']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['achat(|s)', 'commande(|s)', 'réservation(|s)']},
        {'concept': 'checkout', 'kind': 'noun', 'forms': ['caisse']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['don(|s)']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['abonn(er|ez)', 'souscri(re|vez|s)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['abonnement(|s)', 'souscription(|s)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['désabonn(er|ez)', 'désinscri(re|vez|s)',
                                                            'résili(er|ez)']},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['résiliation(|s)', 'annulation(|s)', 'désabonnement']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transfér(er|ez)', 'transfère', 'vir(er|ez)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envoy(er|ez)', 'envoie'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['virement(|s)', 'transfert(|s)', 'envoi']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['retrait(|s)']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['annul(er|ez)', 'arrêt(er|ez)', 'mettre fin', 'terminer'],
         'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['ferm(er|ez)', 'ferme', 'clôtur(er|ez)'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['désactiv(er|ez)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['quitt(er|ez|e)', 'sortir', 'partir'], 'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['révoqu(er|ez)', 'révoque']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['sign(er|ez)']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['irréversible(|s)', 'définitivement', 'définitive', 'ne (peut|pourra) pas être annulée',
                   'ne (peut|pourra) pas être annulé', 'ne (peut|pourra) pas être récupéré(|e|s|es)',
                   'pour toujours', 'permanente', 'permanent', 'irrévocable']},
    ],
    'commit': ['confirmer', 'confirmez', 'valider', 'validez', 'finaliser', 'finalisez', 'passer', 'passez',
               'effectuer', 'effectuez', 'faire', 'faites', 'terminer', 'envoyer', 'soumettre', 'procéder',
               'autoriser', 'lancer'],
    'confirm': ['oui', 'ok', 'd', 'accord', 'confirmer', 'confirmez', 'valider', 'validez', 'continuer', 'continuez',
                'poursuivre', 'compris', 'j', 'ai', 'accepter', 'accepte', 'j accepte', 'terminé', 'suivant',
                'c', 'est', 'parti', 'je', 'suis', 'sûr', 'sûre', 'bien', 'oui je', 'entendu', 'allez',
                'y', 'vas', 'go'],
    'dismiss': ['annuler', 'non', 'fermer', 'retour', 'revenir', 'garder', 'conserver', 'pas', 'plus',
                'tard', 'ignorer', 'refuser', 'passer'],
    'info': ['historique', 'état', 'statut', 'détail', 'détails', 'récapitulatif', 'moyen',
             'moyens', 'méthode', 'méthodes', 'politique', 'conditions', 'informations', 'suivi', 'liste',
             'numéro', 'mode', 'modes', 'paramètres', 'options', 'étape'],
    'status': ['confirmée', 'confirmé', 'effectué', 'effectuée', 'réussi', 'merci',
               'reçu', 'reçue', 'envoyé', 'envoyée', 'passée', 'validée', 'payé'],
    'benign': ['filtre*', 'cookie*', 'consentement', 'sélection', 'mise', 'favori*',
               'notification*', 'coupon*', 'code'],
}

DE = {
    'code': 'de', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['*abo', '*abos', '*abonnement*', '*mitgliedschaft*', '*vertrag*', '*bestellung*',
                        '*buchung*', '*reservierung*', '*konto', '*tarif*', '*zahlung*', '*überweisung*',
                        '*termin*', '*flug*', '*newsletter*', '*account*'],
        'accounts': ['*konto', '*kontos', '*profil', '*account*', '*mitgliedschaft*', '*shop'],
        'groups': ['*gruppe*', '*team*', '*kanal*', '*community*', '*organisation*', '*server*', '*projekt*',
                   '*unterhaltung*', '*chat*', '*raum'],
        'trash': ['*papierkorb', 'müll*', 'abfall*'],
        'money': ['geld', 'betrag', 'guthaben', 'bargeld'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['*lösch(en|e)', 'entfern(en|e)', 'verwerf(en|t)',
                                                       'verwirf', 'vernicht(en|e)', 'tilg(en|e)', '*leeren',
                                                       'bereinig(en|e)', 'wegwerfen', 'loeschen']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['verschieb(en|e)', 'werf(en|e)', 'legen'], 'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['*löschung(|en)', 'entfernung']},
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
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['abbestell(en|e)', 'kündig(en|e)', 'stornier(en|e)',
                                                            'austragen', 'austreten']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['abmeld(en|e)', 'beend(en|e)', 'auflösen'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'noun', 'forms': ['*kündigung(|en)', 'stornierung', '*storno']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['überweis(en|e)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['*send(en|e)', 'versend(en|e)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['*send(en|e)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['*überweisung(|en)']},
        {'concept': 'withdraw', 'kind': 'act', 'forms': ['abheb(en|e)', 'auszahl(en)', 'auszahlen']},
        {'concept': 'withdraw', 'kind': 'noun', 'forms': ['*auszahlung', '*abhebung']},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['widerruf(en|e)', 'entzieh(en|e)']},
        {'concept': 'revoke', 'kind': 'noun', 'forms': ['*widerruf']},
        {'concept': 'close account', 'kind': 'act', 'forms': ['schließ(en|e)', 'auflösen'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['deaktivier(en|e)'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['verlass(en|e)', 'verlässt', 'austret(en|e)'],
         'needs': 'groups'},
        {'concept': 'sign', 'kind': 'act', 'forms': ['unterschreib(en|e)', 'unterzeichn(en|e)', 'signier(en|e)']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['endgültig', 'dauerhaft', 'unwiderruflich', 'nicht rückgängig', 'unumkehrbar',
                   'für immer', 'nicht wiederhergestellt', 'nicht wiederherstellbar']},
    ],
    'commit': ['bestätigen', 'bestätige', 'abschließen', 'ausführen', 'durchführen', 'absenden',
               'senden', 'tätigen', 'aufgeben', 'freigeben', 'autorisieren', 'einreichen', 'beantragen'],
    'confirm': ['ja', 'ok', 'okay', 'bestätigen', 'weiter', 'fortfahren', 'verstanden', 'einverstanden',
                'akzeptieren', 'annehmen', 'fertig', 'los', 'alles', 'klar', 'ich', 'bin', 'sicher', 'bitte',
                'trotzdem', 'jetzt', 'gut', 'genau', 'passt'],
    'dismiss': ['abbrechen', 'nein', 'schließen', 'zurück', 'behalten', 'später', 'nicht',
                'verwerfen', 'ablehnen', 'überspringen'],
    'info': ['*historie', '*verlauf', 'übersicht', 'status', 'details', 'methoden', '*richtlinie*',
             'informationen', 'nummer', 'liste', 'einstellungen', 'optionen', 'bedingungen'],
    'status': ['erfolgreich', 'bestätigt', 'abgeschlossen', 'danke', 'eingegangen', 'gesendet', 'bezahlt',
               'aufgegeben'],
    'commit_after': True,
    'benign': ['*filter', 'cookie*', 'einwilligung*', 'auswahl', 'formatierung', 'favorit*',
               'benachrichtigung*', 'gutschein*', '*rabatt*'],
}

PT = {
    'code': 'pt', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['assinatura*', 'pedido*', 'reserva*', 'conta', 'plano*', 'inscriç*', 'pagamento*',
                        'encomenda*', 'contrato*', 'adesão', 'transferência*', 'compra*', 'voo*'],
        'accounts': ['conta', 'contas', 'perfil', 'loja'],
        'groups': ['grupo*', 'equipe*', 'equipa*', 'canal', 'canais', 'comunidade*', 'organizaç*', 'servidor*',
                   'projeto*', 'projecto*', 'conversa*', 'sala'],
        'trash': ['lixeira', 'lixo', 'reciclagem'],
        'money': ['dinheiro', 'saldo', 'fundos', 'valor'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['exclu(ir|a|i|am)', 'elimin(ar|a|e|em)', 'apag(ar|a|ue)',
                                                       'remov(er|a|e)', 'esvazi(ar|a|e)', 'descart(ar|a|e)',
                                                       'destru(ir|a)', 'destrói', 'limpar tudo']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['mov(er|a|e)', 'envi(ar|e|a)', 'jog(ar|ue|a)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['exclusão', 'remoção', 'eliminação']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['pag(ar|ue|a)']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['pagamento(|s)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['compr(ar|e)', 'encomend(ar|e)', 'reservar',
                                                    'contrat(ar|e)', 'alug(ar|ue)', 'vend(er|a)']},
        {'concept': 'buy', 'kind': 'either', 'forms': ['compra']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['pedido(|s)', 'encomenda(|s)', 'compras', 'reserva(|s)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['doar', 'doe agora', 'contribu(ir|a)']},
        {'concept': 'donate', 'kind': 'noun', 'forms': ['doação', 'doações']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['assin(ar|e|a)', 'inscrev(er|a|e)(|-se)']},
        {'concept': 'subscribe', 'kind': 'noun', 'forms': ['assinatura(|s)']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['descadastr(ar|e)', 'desinscrev(er|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['transfer(ir|a|e)', 'remet(er|a)']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envi(ar|e)'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['envi(ar|e)'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['transferência(|s)', 'pix', 'envio']},
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
         'forms': ['não (pode|poderá) ser desfeit(a|o)', 'não (pode|poderá) ser recuperad(a|o|os|as)',
                   'permanentemente', 'definitivamente', 'irreversíve(l|is)', 'para sempre']},
    ],
    'commit': ['confirmar', 'confirme', 'finalizar', 'finalize', 'concluir', 'conclua', 'efetuar', 'efetue',
               'realizar', 'realize', 'enviar', 'fazer', 'faça', 'processar', 'autorizar', 'fechar'],
    'confirm': ['sim', 'ok', 'confirmar', 'confirmo', 'continuar', 'prosseguir', 'entendi', 'entendido', 'concordo',
                'aceitar', 'aceito', 'pronto', 'feito', 'de', 'acordo', 'tenho', 'certeza', 'seguinte', 'avançar',
                'por', 'favor', 'claro', 'estou', 'ciente'],
    'dismiss': ['cancelar', 'não', 'fechar', 'voltar', 'manter', 'agora', 'depois', 'mais', 'tarde', 'ignorar',
                'recusar', 'pular'],
    'info': ['histórico', 'status', 'estado', 'detalhe', 'detalhes', 'resumo', 'forma', 'formas',
             'método', 'métodos', 'política', 'informações', 'número', 'lista',
             'acompanhamento', 'condições', 'opções', 'configurações', 'área'],
    'status': ['confirmado', 'confirmada', 'concluído', 'concluída', 'obrigado', 'obrigada', 'sucesso',
               'recebido', 'recebida', 'enviado', 'enviada', 'realizado', 'realizada', 'pago', 'paga'],
    'benign': ['filtro*', 'cookie*', 'consentimento', 'seleção', 'formatação',
               'favorito*', 'notificaç*', 'cupom', 'cupão', 'desconto*'],
}

IT = {
    'code': 'it', 'script': 'words',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD, SOURCE_GRAMMAR],
    'objects': {
        'commitments': ['abbonament*', 'ordin*', 'prenotazion*', 'account', 'iscrizion*', 'piano', 'pagament*',
                        'bonific*', 'contratt*', 'sottoscrizion*', 'volo', 'appuntament*'],
        'accounts': ['account', 'profilo', 'conto', 'negozio'],
        'groups': ['grupp*', 'team', 'canal*', 'community', 'comunità', 'organizzazion*', 'server',
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
         'forms': ['non (può|potrà) essere annullat(a|o)', 'non (può|potrà) essere recuperat(a|o|i|e)',
                   'definitivamente', 'permanentemente', 'irreversibil(e|i)', 'per sempre']},
    ],
    'commit': ['conferma', 'confermare', 'completa', 'completare', 'concludi', 'effettua', 'effettuare', 'invia',
               'inviare', 'esegui', 'eseguire', 'procedi', 'autorizza', 'finalizza'],
    'confirm': ['sì', 'si', 'ok', 'conferma', 'confermo', 'continua', 'procedi', 'prosegui', 'ho', 'capito',
                'accetto', 'accetta', 'fatto', 'd', 'accordo', 'va', 'bene', 'avanti', 'sono', 'sicuro', 'sicura',
                'certo', 'per', 'favore'],
    'dismiss': ['annulla', 'no', 'chiudi', 'indietro', 'torna', 'mantieni', 'non', 'ora', 'più', 'tardi',
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
        'commitments': ['подписк*', 'заказ*',
                        'бронь*', 'бронировани*',
                        'платеж*', 'перевод*',
                        'договор*', 'тариф*',
                        'членств*'],
        'accounts': ['аккаунт*', 'счет', 'счёт',
                     'профиль', 'учетн*',
                     'учётн*'],
        'groups': ['групп*', 'команд*', 'канал*',
                   'сообществ*', 'чат*',
                   'организаци*', 'сервер*',
                   'проект*', 'бесед*'],
        'trash': ['корзин*'],
        'money': ['деньг*', 'средств*', 'сумм*'],
    },
    'terms': [
        # удалить, стереть, уничтожить, очистить, выбросить, сбросить
        {'concept': 'delete', 'kind': 'act', 'forms': ['удал(ить|ите|и|ять|яет|иться)',
                                                       'сотр(и|ите)',
                                                       'уничтож(ить|ьте)',
                                                       'очист(ить|ите|и)',
                                                       'выброс(ить|ите)',
                                                       'сброс(ить|ите)',
                                                       'стереть']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['перемест(ить|ите)',
                                                       'отправ(ить|ьте)'],
         'needs': 'trash'},
        {'concept': 'delete', 'kind': 'noun', 'forms': ['удалени(е|я)',
                                                        'очистк(а|у)']},
        # оплатить, заплатить, купить, заказать, оформить (заказ), пожертвовать
        {'concept': 'pay', 'kind': 'act', 'forms': ['оплат(ить|ите|и)',
                                                    'заплат(ить|ите)',
                                                    'плат(ить|ите)']},
        {'concept': 'pay', 'kind': 'noun', 'forms': ['оплат(а|у|ы|е)',
                                                     'платеж(|а|и)']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['куп(ить|ите|и)',
                                                    'заказать',
                                                    'закажите', 'закажи',
                                                    'приобрести',
                                                    'забронировать',
                                                    'продать']},
        {'concept': 'buy', 'kind': 'noun', 'forms': ['заказ(|а|ы|ов)',
                                                     'покупк(а|у|и)']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['пожертвовать',
                                                       'пожертвуйте']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['подписаться',
                                                          'подпишитесь',
                                                          'оформить подписку']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['отписаться',
                                                            'отпишитесь']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['отправ(ить|ьте)',
                                                         'послать'], 'name_only': True},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['перевес(ти|ти)',
                                                         'переведите',
                                                         'вывести', 'выведите',
                                                         'снять'], 'needs': 'money'},
        {'concept': 'transfer', 'kind': 'noun', 'forms': ['перевод(|а|ы)']},
        {'concept': 'checkout', 'kind': 'act', 'forms': ['оформ(ить|ите)'],
         'needs': 'commitments'},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['отмен(ить|ите)',
                                                       'расторгнуть',
                                                       'прекратить'],
         'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['закр(ыть|ойте)'],
         'needs': 'accounts'},
        {'concept': 'deactivate', 'kind': 'act', 'forms': ['деактивировать',
                                                           'отключить'],
         'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['покин(уть|ьте)',
                                                      'выйти', 'выйдите'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['отозвать',
                                                       'аннулировать']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['подписать',
                                                     'подпишите']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['безвозвратно', 'навсегда',
                   'необратим(о|ым|ое)',
                   'нельзя (отменить|будет|восстановить)',
                   'окончательно']},
    ],
    'commit': ['подтвердить', 'подтвердите',
               'оформить', 'завершить',
               'выполнить', 'отправить',
               'совершить', 'провести'],
    'confirm': ['да', 'ок', 'ok', 'подтвердить',
                'подтвердите', 'продолжить',
                'далее', 'понятно', 'я', 'понимаю',
                'хорошо', 'согласен', 'готово',
                'принять', 'уверен', 'всё', 'равно'],
    'dismiss': ['отмена', 'отменить', 'нет',
                'закрыть', 'назад', 'оставить',
                'не', 'сейчас', 'позже', 'пропустить'],
    'info': ['истори*', 'статус*', 'детал*',
             'способ*', 'список', 'номер',
             'услови*', 'настройк*', 'информаци*'],
    'status': ['успешно', 'спасибо',
               'оформлен', 'подтвержден',
               'оплачен', 'отправлен'],
    'benign': ['фильтр*', 'cookie*', 'согласи*',
               'выделени*', 'избранн*', 'уведомлени*',
               'купон*', 'промокод*'],
}

JA = {
    'code': 'ja', 'script': 'cjk',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD],
    'objects': {
        'commitments': ['注文', '予約', '定期', 'サブスク', '購読',
                        'プラン', '契約', '会員', '支払', '送金',
                        'メンバーシップ', 'アカウント'],
        'accounts': ['アカウント', '口座', 'プロフィール', '会員'],
        'groups': ['グループ', 'チーム', 'チャンネル', 'サーバー',
                   'コミュニティ', '組織', 'プロジェクト', 'チャット',
                   'ルーム'],
        'trash': ['ゴミ箱', 'ごみ箱'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['削除', '消去', '破棄', '廃棄',
                                                       '抹消', '空にする', '消す',
                                                       'クリアする', '初期化']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['移動', '捨てる', '入れる'],
         'needs': 'trash'},
        {'concept': 'pay', 'kind': 'act', 'forms': ['支払', '払う', 'お支払い', '決済']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['購入', '買う', 'カートを精算',
                                                    '申し込', '申込', '予約する',
                                                    '購入手続き', '売却']},
        {'concept': 'order', 'kind': 'either', 'forms': ['注文']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['寄付', '募金', '寄贈']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['購読する', '購読を開始',
                                                          '定期購入']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['購読解除', '登録解除',
                                                            '配信停止', '解約', '退会']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['送金', '振込', '振り込',
                                                         '出金', '引き出', '振替']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['送信'], 'name_only': True},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['キャンセル', '取り消',
                                                       '停止', '終了'], 'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['閉じる', '閉鎖', '無効化',
                                                              '廃止', '解除'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['退出', '脱退', '抜ける', '離脱'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['取り消す', '失効', '撤回']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['署名', '調印']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['元に戻せません', '元に戻すことはできません',
                   '取り消せません', '取り消すことはできません',
                   '復元できません', '復元できなく', '完全に',
                   '永久に']},
    ],
    'commit': ['確定', '確認', '実行', '完了', '手続き', '送信', 'する'],
    'confirm': ['はい', 'ok', '確認', '確定', '続行', '続ける', '同意',
                '同意する', '了解', '完了', '進む', '次へ', '実行',
                '実行する', 'わかりました', '分かりました'],
    'dismiss': ['キャンセル', 'いいえ', '閉じる', '戻る', '後で',
                'やめる', '中止'],
    'info': ['履歴', '状況', '状態', '詳細', '一覧', '方法', '設定',
             '番号', '明細', '情報', '履歴を'],
    'status': ['完了しました', 'ありがとう', '成功',
               '受け付けました', '済み'],
    'commit_after': True,
    'benign': ['絞り込み', 'フィルタ', 'クッキー', 'cookie',
               '同意', '通知', 'クーポン', 'お気に入り'],
}

ZH = {
    'code': 'zh', 'script': 'cjk',
    'sources': [SOURCE_DAWN, SOURCE_MASTODON, SOURCE_OLD],
    'objects': {
        'commitments': ['订阅', '訂閱', '订单', '訂單', '预订', '預訂',
                        '会员', '會員', '套餐', '合同', '付款', '自动续费',
                        '自動續費', '服务', '服務'],
        'accounts': ['账户', '帳戶', '账号', '帳號', '帐户', '帐号',
                     '帳號', '会员', '會員'],
        'groups': ['群', '团队', '團隊', '频道', '頻道', '社区', '社區',
                   '组织', '組織', '服务器', '伺服器', '项目', '專案',
                   '聊天', '房间'],
        'trash': ['回收站', '垃圾桶', '垃圾箱', '資源回收筒'],
    },
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['删除', '刪除', '移除', '清空',
                                                       '清除', '抹除', '销毁', '銷毀',
                                                       '丢弃', '丟棄', '清理全部']},
        {'concept': 'delete', 'kind': 'act', 'forms': ['移到', '移至', '放入', '丢到',
                                                       '丟到'], 'needs': 'trash'},
        {'concept': 'pay', 'kind': 'act', 'forms': ['支付', '付款', '付费', '付費',
                                                    '缴费', '繳費', '充值', '扣款']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['购买', '購買', '下单',
                                                    '下單', '结算', '結算', '结账',
                                                    '結帳', '抢购', '预订', '預訂',
                                                    '卖出']},
        {'concept': 'order', 'kind': 'noun', 'forms': ['订单', '訂單']},
        {'concept': 'donate', 'kind': 'act', 'forms': ['捐款', '捐赠', '捐贈', '捐助',
                                                       '赞助', '贊助', '打赏', '打賞']},
        {'concept': 'subscribe', 'kind': 'act', 'forms': ['订阅', '訂閱', '开通会员',
                                                          '開通會員']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['退订', '退訂', '取消订阅',
                                                            '取消訂閱']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['转账', '轉帳', '汇款', '匯款',
                                                         '提现', '提現', '转出', '轉出']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['发送', '發送'], 'name_only': True},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['取消', '终止', '終止', '解约',
                                                       '解約', '退款'], 'needs': 'commitments'},
        {'concept': 'close account', 'kind': 'act', 'forms': ['关闭', '關閉', '停用', '冻结',
                                                              '注销', '註銷'], 'needs': 'accounts'},
        {'concept': 'leave', 'kind': 'act', 'forms': ['退出', '离开', '離開', '退群'],
         'needs': 'groups'},
        {'concept': 'revoke', 'kind': 'act', 'forms': ['撤销', '撤銷', '吊销', '吊銷',
                                                       '撤回']},
        {'concept': 'sign', 'kind': 'act', 'forms': ['签署', '簽署', '签字', '簽字']},
        {'concept': 'irreversible', 'kind': 'mark',
         'forms': ['无法撤销', '無法撤銷', '无法恢复', '無法恢復',
                   '不可恢复', '不可恢復', '无法复原', '無法復原',
                   '不可撤销', '不可撤銷', '永久', '彻底', '徹底',
                   '不可逆']},
    ],
    'commit': ['提交', '确认', '確認', '确定', '確定', '完成', '立即'],
    'confirm': ['是', '确定', '確定', '确认', '確認', '继续', '繼續',
                '同意', '好', '好的', '知道了', '我知道了', '完成',
                '我了解', '下一步', '是的', 'ok'],
    'dismiss': ['取消', '否', '不', '关闭', '關閉', '返回', '稍后',
                '稍後', '保留', '以后再说', '以後再說'],
    'info': ['记录', '記錄', '历史', '歷史', '详情', '詳情', '状态',
             '狀態', '方式', '方法', '管理', '列表', '明细', '明細',
             '设置', '設定', '中心', '号', '號', '信息', '資訊'],
    'status': ['成功', '已提交', '已支付', '已取消', '谢谢',
               '謝謝', '已完成'],
    'benign': ['筛选', '篩選', '过滤', '過濾', 'cookie',
               '收藏', '通知', '优惠券', '優惠券', '缓存', '緩存'],
}

# Languages the earlier vocabulary covered beyond the nine above, kept so that nothing caught before is
# let through (whole words; substrings for Korean, Arabic, Hebrew, Hindi). No inflections or context.
OTHER = {
    'code': 'other', 'script': 'words',
    'sources': [SOURCE_OLD],
    'objects': {}, 'commit': [], 'confirm': [], 'dismiss': [], 'info': [], 'benign': [], 'status': [],
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['verwijderen', 'usuń', 'sil', 'видалити']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['betalen', 'afrekenen', 'zapłać', 'öde',
                                                    'оплатити']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['kopen', 'bestellen', 'kup', 'zamów', 'satın al',
                                                    'sipariş ver', 'купити',
                                                    'замовити']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['overmaken', 'verzenden', 'przelew', 'wyślij', 'gönder',
                                                         'надіслати']},
        {'concept': 'cancel', 'kind': 'act', 'forms': ['opzeggen', 'anuluj subskrypcję', 'aboneliği iptal et']},
    ],
}
OTHER_CAPS = {
    'code': 'other-caseless', 'script': 'cjk',
    'sources': [SOURCE_OLD],
    'objects': {}, 'commit': [], 'confirm': [], 'dismiss': [], 'info': [], 'benign': [], 'status': [],
    'terms': [
        {'concept': 'delete', 'kind': 'act', 'forms': ['삭제', 'حذف', 'מחק',
                                                       'हटाएं']},
        {'concept': 'pay', 'kind': 'act', 'forms': ['결제', 'ادفع', 'دفع',
                                                    'תשלום', 'भुगतान']},
        {'concept': 'buy', 'kind': 'act', 'forms': ['구매', '주문', 'شراء',
                                                    'اشتر', 'קנה', 'खरीदें']},
        {'concept': 'transfer', 'kind': 'act', 'forms': ['송금', '보내기', 'إرسال',
                                                         'تحويل', 'שלח']},
        {'concept': 'unsubscribe', 'kind': 'act', 'forms': ['구독 취소', '탈퇴']},
    ],
}

LANGUAGES = [EN, ES, FR, DE, PT, IT, RU, JA, ZH, OTHER, OTHER_CAPS]


# === the matcher ==================================================================================

SHORT_NAME = 5               # a name of at most this many words is a label: its verbs count wherever they are
CJK_NAME_CHARS = 12          # likewise, in characters, for scripts without spaces
CONJUNCTIONS = ['and', '&', 'then', 'und', 'et', 'y', 'e', 'ed', 'и', 'puis', 'dann', 'luego', 'depois']
LEADS = ['permanently', 'now', 'just', 'also', 'securely', 'instantly', 'immediately', 'really', 'forever',
         'secure', 'express', 'guest', 'quick', 'fast',
         'jetzt', 'sofort', 'endgültig', 'dauerhaft', 'ahora', 'maintenant', 'agora', 'ora', 'adesso',
         'definitivamente', 'définitivement', 'permanentemente', 'сейчас']
NEGATIONS = ['not', 'don', 'never', 'nicht', 'kein', 'keine', 'niemals', 'non', 'não', 'nao', 'ne', 'jamais',
             'nunca', 'не', 'mai', 'nie']
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


# A path segment after one of these names a topic, not an act (/tags/delete, /category/unsubscribe,
# /search/remove); so does the value of one of these query keys (?q=delete+account, ?tag=cancel).
TOPIC_SEGMENTS = ['tag', 'tags', 'topic', 'topics', 'category', 'categories', 'label', 'labels', 'search',
                  'keyword', 'keywords', 'subject', 'subjects']
TOPIC_KEYS = ['q', 'query', 'search', 's', 'k', 'keyword', 'keywords', 'term', 'terms', 'tag', 'tags', 'topic',
              'category', 'label', 'subject', 'text']


def path_words(url):
    """The words of a URL's path and query that name an endpoint: each path segment and each query
    key or value split at - _ . + ~ and camelCase; segments of more than three words (article slugs),
    numbers or ids, and topics (the segment after /tags/, the value of ?q=: TOPIC_SEGMENTS,
    TOPIC_KEYS) are left out. A list of word lists."""
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
    parts = []
    topic = False
    for part in text.split('/'):
        if not topic:
            parts.append(part)
        topic = part.lower() in TOPIC_SEGMENTS
    for pair in query.split('&'):
        if pair.lower().startswith('utm_'):
            continue                    # campaign tracking: says where the link sits, not what it does
        pieces = pair.split('=')
        parts.append(pieces[0])
        if len(pieces) > 1 and pieces[0].lower() not in TOPIC_KEYS:
            parts.append('='.join(pieces[1:]))
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
