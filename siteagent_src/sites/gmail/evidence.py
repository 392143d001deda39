"""Gmail's page contracts and labels: everything the Gmail adapter reads, with its evidence.

Captures are the real Gmail pages in ../shared/corpus/google/gmail/ (InboxSDK's test pages, MIT or
Apache-2.0: a December 2014 inbox list and three 2014-2015 rows); no later Gmail page is public, so
the thread view and compose rest on public code that drives the real site (gmail.js, InboxSDK,
gmail2trello). Citations: `owner/repo@commit:path#Lline`; "index N" is a search-index excerpt whose
repository is undisclosed (weaker). How the table is used: core/contracts.py.

Each row says what contract `id` of sites/gmail/contracts.py `TABLE` is, its citations and a note;
the docs read it with the table (buildtool/docsgen.py), no bundle does. The unconfirmed rows' are in
sites/gmail/unconfirmed.py.
"""
from core.contracts import evidence

GMAILJS = 'KartikTalwar/gmail.js@b7dfdabc1906:src/gmail.js'
SDK = 'InboxSDK/InboxSDK@a8a6fe2c9e69:src/'
SDK_GETTER = SDK + 'platform-implementation-js/dom-driver/gmail/gmail-element-getter.ts'
SDK_ROW = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-thread-row-view.ts'
SDK_ROW_PARSER = SDK + 'injected-js/gmail/thread-identifier/thread-row-parser.ts'
SDK_COMPOSE = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view.ts'
SDK_COMPOSE_PARSER = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view/page-parser.ts'
SDK_RECIPIENTS = SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-compose-view/get-recipients.ts'
G2T = 'appliedmedia/gmail2trello@4a5ddab4c0f8:chrome_manifest_v3/views/class_gmailView.js'
SAVED_CALENDAR = 'halozone/ServantAir-PWA@6cba036b4e09:reference_code/googlecalendar.js#L4868'
INBOX = 'capture gmail/inbox-2014.html'
ROWS = 'capture gmail/thread-rows.html'

EVIDENCE = [
    # --- the page ---
    evidence('main', 'the main area (div[role=main])',
             [GMAILJS + '#L316', INBOX + ': 1'],
             ''),
    evidence('navigation', 'the left navigation (div[role=navigation])',
             [GMAILJS + '#L595'],
             'the 2014 capture predates the role'),
    evidence('search_box', 'the search box (form[role=search] input)',
             [SDK_GETTER + '#L311', 'index 52215251786 (repository undisclosed)'],
             'InboxSDK reads form[role=search] input; name=q is from one excerpt'),
    evidence('compose_button', 'the Compose button ([gh=cm]; with the Chat/Meet rail: .aIH .aic div[role=button].L3)',
             [SDK_GETTER + '#L108', SDK_GETTER + '#L110',
              SDK + 'platform-implementation-js/dom-driver/gmail/gmail-driver/isIntegratedViewGmail.ts#L6',
              GMAILJS + '#L4520'],
             'InboxSDK picks the rail form when Chat or Meet is on (the default since 2022); compose itself opens by URL'),
    evidence('account', 'the account control ("Google Account: Name (email)")',
             [SAVED_CALENDAR],
             'seen on a saved Calendar page (same Google bar; no licence: cited, never copied); no Gmail capture has it'),
    # --- the thread list ---
    evidence('list_container', 'the thread list container ([gh=tl])',
             [SDK_GETTER + '#L298', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-route-view/page-parser.ts#L30',
              INBOX + ': 1'],
             'an empty result still has it'),
    evidence('thread_list_grid', 'table[role=grid] in the main area',
             [GMAILJS + '#L3954', 'index 14190237228 (repository undisclosed)', INBOX + ': 0'],
             'neither gmail.js nor InboxSDK uses the role, the 2014 list has none: reported only, never a gate'),
    evidence('thread_row', 'a thread row (tr.zA in the main area)',
             [GMAILJS + '#L3954', INBOX + ': 16'],
             'gmail.js adds [role=row] (2026); the 2014 rows lack it'),
    evidence('row_thread_id', 'a row\'s thread id ([data-legacy-thread-id], else [data-thread-id] "#thread-f:<decimal>")',
             [SDK_ROW + '#L1170', GMAILJS + '#L3959', INBOX + ': 0'],
             'the 2014 rows carry no id attribute (InboxSDK read it from page data then)'),
    evidence('row_sender', 'a row\'s senders (.yW span[email][name])',
             [SDK_ROW_PARSER + '#L56', INBOX + ': 16', ROWS + ': 3'],
             ''),
    evidence('row_subject', 'a row\'s subject (.bog, else the first span of div.y6)',
             [SDK_ROW + '#L1139', SDK_ROW_PARSER + '#L42', 'index 25079442582 (repository undisclosed)', INBOX + ': 16 (.y6)'],
             '.bog is read by many extensions for newer Gmail; the 2014 rows have .y6 > span only'),
    evidence('row_snippet', 'a row\'s snippet (.y2)',
             [INBOX + ': 14', ROWS + ': 2'],
             ''),
    evidence('row_date', 'a row\'s date (td.xW span[title])',
             [SDK_ROW_PARSER + '#L46', INBOX + ': 16'],
             ''),
    evidence('row_star', 'a row\'s star (.T-KT; starred: .T-KT-Jp or aria-label "Starred")',
             [INBOX + ': 16 ("Not starred")', ROWS + ': 3'],
             'no starred row was captured'),
    evidence('row_unread', 'an unread row (tr.zA.zE; read: .yO)',
             [INBOX + ': 13'],
             ''),
    evidence('nav_label_links', 'a user label in the navigation (a[href*="#label/"], its title)',
             [GMAILJS + '#L595'],
             'gmail.js lists navigation links by [title]; the #label/ route is from the hash routes'),
    # --- the open thread ---
    evidence('thread_subject', 'the open thread\'s subject (h2.hP, the visible one)',
             [GMAILJS + '#L4504', G2T + '#L492'],
             ''),
    evidence('thread_id_attr', 'the open thread\'s id (data-legacy-thread-id on h2.hP)',
             [GMAILJS + '#L513', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-thread-view.ts#L553',
                         G2T + '#L496'],
             ''),
    evidence('message', 'a message of the thread (div.adn)',
             [GMAILJS + '#L4503'],
             ''),
    evidence('message_id_attr', 'a message\'s id (data-legacy-message-id)',
             [GMAILJS + '#L4295'],
             ''),
    evidence('message_sender', 'a message\'s sender (span.gD[email])',
             [GMAILJS + '#L4460'],
             ''),
    evidence('message_to', 'a message\'s recipients (span.g2[email])',
             [GMAILJS + '#L4461'],
             ''),
    evidence('message_details', 'a message\'s details table (table.ajC rows "to:" / "cc:")',
             [SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-message-view/get-updated-contact.ts#L70'],
             'InboxSDK reads the table; the row words are English'),
    evidence('message_date', 'a message\'s date (span.g3, its title)',
             [GMAILJS + '#L4463', SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-message-view.ts#L294'],
             ''),
    evidence('message_body', 'a message\'s body (div.a3s)',
             [GMAILJS + '#L4459'],
             ''),
    evidence('reply_links', 'the Reply / Reply all controls (span.ams[role=link])',
             ['index 58510024188 (repository undisclosed)', 'index 70905647059 (repository undisclosed)'],
             ''),
    evidence('toolbar_controls', 'the thread toolbar\'s Archive / Delete / Mark as unread / Mark as read / Labels (by label)',
             [SDK + 'platform-implementation-js/dom-driver/gmail/views/gmail-toolbar-view.ts#L417', G2T + '#L321',
              'index 55832453561 (repository undisclosed)'],
             ''),
    evidence('thread_star', 'the open thread\'s star ([aria-label="Starred"] / [aria-label="Not starred"])',
             [INBOX + ': 16 ("Not starred")'],
             '"Starred" never captured'),
    # --- drafts ---
    evidence('compose_root', 'a draft\'s root (div.M9, else the dialog or form around Send)',
             [GMAILJS + '#L3978'],
             ''),
    evidence('recipient_rows', 'the 2021+ recipient rows (.anm[name=to|cc|bcc])',
             [SDK_COMPOSE_PARSER + '#L219', GMAILJS + '#L312'],
             'a draft whose To row is neither this nor the classic field cannot be sent: its recipients are unknown'),
    evidence('recipient_input', 'text typed in a recipient row, not yet a chip (.anm[name] input)',
             [GMAILJS + '#L4270'],
             'gmail.js fills "div[name=to] input"'),
    evidence('recipient_chips', 'the 2021+ recipient chips (.anm[name=to|cc|bcc] [role=option][data-hovercard-id])',
             [SDK_COMPOSE_PARSER + '#L219', SDK_RECIPIENTS + '#L24', GMAILJS + '#L4082'],
             ''),
    evidence('classic_chips', 'the classic recipient chips (.vR > input[type=hidden], value "Name <addr>")',
             [SDK_COMPOSE_PARSER + '#L214', GMAILJS + '#L4086'],
             'the classic compose only; .vR [email] has no source'),
    evidence('classic_recipient_field', 'the classic recipient fields (textarea/input[name=to|cc|bcc])',
             [GMAILJS + '#L4248', SDK_COMPOSE_PARSER + '#L92'],
             ''),
    evidence('subject_input', 'a draft\'s subject (input[name=subjectbox])',
             [GMAILJS + '#L4255', SDK_COMPOSE + '#L627'],
             ''),
    evidence('body_editor', 'a draft\'s body (div[role=textbox][aria-label="Message Body"], else .Ap [g_editable])',
             [SDK_COMPOSE + '#L1096', GMAILJS + '#L4257', 'index 56928278677 (repository undisclosed)'],
             ''),
    evidence('send_control', 'the Send control (role=button named "Send (Ctrl-Enter)", bidi marks stripped)',
             [SDK_COMPOSE + '#L1235', 'index 34501103245 (repository undisclosed)'],
             'InboxSDK also finds it structurally (.IZ .Up div > div[role=button]); the label is the check here'),
    evidence('sent_toast', 'the "Message sent" toast (span.bAq)',
             [SDK + 'platform-implementation-js/dom-driver/gmail/gmail-butter-bar-driver.ts#L27'],
             'the send is verified by it'),
    # --- addresses ---
    evidence('compose_url', 'the compose URL https://mail.google.com/mail/?view=cm&fs=1&to=&cc=&bcc=&su=&body=',
             ['index 23608732459 (repository undisclosed)', 'index 35237060014 (repository undisclosed)'],
             'two excerpts, repositories undisclosed'),
    evidence('hash_routes', 'hash routes #inbox, #search/<q>, #label/<l>, #<folder>/<id>; thread-f:<decimal> is hex',
             [G2T + '#L496', GMAILJS + '#L3958'],
             ''),
]
